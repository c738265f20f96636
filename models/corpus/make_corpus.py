#!/usr/bin/python3
"""Build the English-Spanish Bible corpus used by the reference model.

Sources (Debian packages): sword-text-web (module engWEB2015eb, World English
Bible, versification NRSVA) and sword-text-sparv (module spaRV1909eb,
Reina-Valera 1909, versification KJV), read with diatheke, one range query per
module in diatheke's "internal" format, i.e. the module's own OSIS markup.

Steps (see README.md for the reasons behind each):
  1. split diatheke's output into verses by their "Book C:V: " headers;
  2. drop pre-verse material (headings repeated by range queries), except the
     canonical psalm superscription, which is kept on verse 1 of its psalm
     because the Spanish module has it inside verse 1;
  3. turn markup into text: notes, headings and speaker labels dropped, tags
     that imply a word boundary become spaces, inline tags keep their text;
  4. keep only references present and non-empty in both modules, in chapters
     whose verse counts agree, with a sane length ratio;
  5. split by a hash of the reference into train/dev/test.

Python standard library only. Usage:
  /usr/bin/python3 models/corpus/make_corpus.py [--out models/corpus]
"""

import argparse
import collections
import hashlib
import html
import math
import os
import re
import subprocess
import sys

MODULES = {"en": "engWEB2015eb", "es": "spaRV1909eb"}
RANGE = "Gen 1:1-Rev 22:21"

# A verse header as diatheke prints it with the English locale, e.g.
# "Psalms 3:1: ", "I Samuel 2:3: ", "Song of Solomon 1:1: ". It starts a line
# or follows a tag (pre-verse markup such as <title>…</title> <lg/>).
HEADER = re.compile(
    r"(?:^|(?<=>))[ \t]*"
    r"(?P<book>(?:I{1,3} )?[A-Z][a-z]+(?: (?:of )?[A-Z][a-z]+)*) "
    r"(?P<ch>\d+):(?P<vs>\d+): ",
    re.M,
)
PSALM_TITLE = re.compile(r'<title[^>]*canonical="true"[^>]*>(.*?)</title>', re.S)

# Elements whose content is not verse text.
DROP_ELEMENTS = re.compile(r"<(note|title|speaker)\b[^>]*?(?<!/)>.*?</\1>", re.S)
# Empty-element forms of the same (e.g. <note .../>).
DROP_EMPTY = re.compile(r"<(?:note|title|speaker)\b[^>]*/>")
# Structural tags: line, line group, paragraph, chapter, list, milestones.
# Each marks a boundary in running text, so it becomes a space.
BOUNDARY_TAGS = re.compile(r"</?(?:l|lg|lb|div|chapter|milestone|list|item|p|br)\b[^>]*>")
# Adjacent word elements the module stores without whitespace between them:
# "<w>God</w><w>created</w>" renders as "Godcreated". A word element closing
# right before another opens, or one opening right after a letter, digit or
# clause punctuation, is a word boundary.
# The same holds for the quotation elements that carry red-letter words:
# "born</q><q><w>Son</w>" is "born Son".
W_AFTER_W = re.compile(r"</(w|q)>(?=<(?:w|q)\b)")
W_AFTER_TEXT = re.compile(r"(?<=[\w,.;:!?])(?=<(?:w|q)\b)")
# Words the translators added (printed in italics) sit in <transChange>
# elements, often glued to the neighbouring word element. Sometimes the two
# form one word (Spanish enclitics: "oyéndo" + "lo"), sometimes two ("siempre"
# + "es", "díjole" + "Dios"). Each such seam is marked and later joined only
# where the joined string occurs as a word elsewhere in the module.
TRANSCHANGE = re.compile(r"</?transChange\b[^>]*>")
SEAM = "\x00"
ANY_TAG = re.compile(r"<[^>]+>")
SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)\]])")
SPACE_AFTER_OPEN = re.compile(r"([(\[¿¡])\s+")
# Reina-Valera 1909 prints the first word of a chapter in capitals ("EN el
# principio", "Y ACONTECIÓ que", "¡OH Jehová"). In verse 1, the first word in
# capitals that is followed by a word not in capitals is that word and is
# recased ("En el principio"); words in capitals elsewhere (JEHOVÁ, JAH,
# inscriptions such as "SANTIDAD Á JEHOVÁ", acrostic letters "ALEPH.") stay.
UPPER = "A-ZÁÉÍÓÚÑÜÂÊÎÔÛ"
CHAPTER_CAPS = re.compile(
    r"(?<![%s])([%s])([%s]+)(?![%s])(?=,? (?![%s]{2}))" % (UPPER, UPPER, UPPER, UPPER, UPPER)
)

# Hash split: sha256 of the reference string ("Genesis 1:1"), first 8 bytes as
# an integer, modulo 1000. Buckets 0..32 are dev, 33..65 test, the rest train
# (3.3% each, about 1,000 verses).
SPLIT_MOD = 1000
DEV_BELOW = 33
TEST_BELOW = 66

# Pairs whose character-length ratio es/en falls outside this range are taken
# to be misaligned (versification differences the chapter check misses).
MIN_RATIO, MAX_RATIO = 0.5, 2.0

# Shifted versification. The modules follow different schemes (NRSVA vs KJV)
# and RV1909 moves verses across chapter ends in places (Numbers 13, Jonah 2,
# ...), so equal references can hold neighbouring verses. Such a chapter shows
# in the lengths: let d(v, o) = |log(len es[v] / len en[v+o])|. A chapter is
# dropped whole if its mean d(v, 0) is at least CHAPTER_MAX_LOGRATIO, or if a
# window of WINDOW verses around some verse has mean d(., 0) at least
# WINDOW_MIN_LOGRATIO while the window shifted by one verse (o = +1 or -1)
# has less than WINDOW_SHIFT_GAIN times that.
CHAPTER_MAX_LOGRATIO = 0.25
WINDOW = 5
WINDOW_MIN_LOGRATIO = 0.3
WINDOW_SHIFT_GAIN = 0.6


def run_diatheke(module):
    cmd = ["diatheke", "-b", module, "-f", "internal", "-k", RANGE]
    res = subprocess.run(cmd, check=True, capture_output=True)
    text = res.stdout.decode("utf-8")
    # diatheke ends with a line "(module)".
    tail = "(%s)" % module
    text = text.rstrip()
    if text.endswith(tail):
        text = text[: -len(tail)]
    return text


def split_verses(text):
    """Return an ordered dict ref -> (pre, body), ref = 'Book C:V'."""
    verses = collections.OrderedDict()
    matches = list(HEADER.finditer(text))
    for i, m in enumerate(matches):
        line_start = text.rfind("\n", 0, m.start()) + 1
        pre = text[line_start : m.start()]
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        if i + 1 < len(matches):
            # The next verse's pre-verse material starts at its line start.
            nxt_line = text.rfind("\n", 0, matches[i + 1].start()) + 1
            end = max(m.end(), nxt_line)
        body = text[m.end() : end]
        ref = "%s %s:%s" % (m.group("book"), m.group("ch"), m.group("vs"))
        if ref in verses:
            raise SystemExit("make_corpus: duplicate reference %r" % ref)
        verses[ref] = (pre, body)
    return verses


def recase(m, s, proper):
    """Recase a chapter-initial word: capitalised where a sentence starts
    ("EN el" -> "En el", "¡OH" -> "¡Oh") or where the word is a proper noun
    ("Y JEHOVÁ" -> "Y Jehová"), else lower case ("Y ACONTECIÓ" -> "Y
    aconteció")."""
    before = s[: m.start()].rstrip()
    word = m.group(1) + m.group(2)
    title = word[0] + word[1:].lower()
    if before == "" or before[-1] in ".:;!?¡¿“‘(" or title in proper:
        return title
    return word.lower()


def proper_nouns(texts):
    """Words written capitalised more often than not when they follow a
    lower-case word (so not because a sentence starts)."""
    cap, low = collections.Counter(), collections.Counter()
    for t in texts:
        toks = re.findall(r"\w+", t)
        for prev, w in zip(toks, toks[1:]):
            if not prev.islower():
                continue
            if w[:1].isupper() and w[1:].islower():
                cap[w] += 1
            elif w.islower():
                low[w.capitalize()] += 1
    return {w for w, n in cap.items() if n > low[w]}


def to_text(markup):
    s = DROP_ELEMENTS.sub(" ", markup)
    s = DROP_EMPTY.sub(" ", s)
    s = BOUNDARY_TAGS.sub(" ", s)
    s = W_AFTER_W.sub(r"</\1> ", s)
    s = W_AFTER_TEXT.sub(" ", s)
    s = TRANSCHANGE.sub(SEAM, s)
    s = ANY_TAG.sub("", s)
    s = html.unescape(s)
    s = " ".join(s.split())
    s = SPACE_BEFORE_PUNCT.sub(r"\1", s)
    s = SPACE_AFTER_OPEN.sub(r"\1", s)
    # A seam next to whitespace or punctuation is no seam.
    s = re.sub(r"%s+" % SEAM, SEAM, s)
    s = re.sub(r"(?<!\w)%s|%s(?!\w)" % (SEAM, SEAM), "", s)
    return s.strip()


def resolve_seams(texts):
    """Join or split the word seams left by to_text, in place (dict)."""
    vocab = collections.Counter()
    for t in texts.values():
        for tok in re.findall(r"[\w%s]+" % SEAM, t):
            if SEAM not in tok:
                vocab[tok.lower()] += 1
    joined = split = 0
    seam_re = re.compile(r"(\w+)%s(\w+)" % SEAM)

    def fix(m):
        nonlocal joined, split
        if (m.group(1) + m.group(2)).lower() in vocab:
            joined += 1
            return m.group(1) + m.group(2)
        split += 1
        return m.group(1) + " " + m.group(2)

    for ref, t in texts.items():
        while SEAM in t:
            t2 = seam_re.sub(fix, t, count=1)
            if t2 == t:  # a seam that is not between two words
                t2 = t.replace(SEAM, "", 1)
            t = t2
        texts[ref] = t
    return joined, split


def clean_module(lang, raw):
    out = collections.OrderedDict()
    prev_pre = None
    for ref, (pre, body) in split_verses(raw).items():
        text = to_text(body)
        book = ref.rsplit(" ", 1)[0]
        # A range query repeats the last pre-verse material before every
        # following verse, even into later psalms and books (markup, element
        # ids and all). Material is fresh only where it differs from the
        # previous verse's; a fresh canonical psalm title (superscription, or
        # the acrostic letters of Psalm 119) belongs to that verse.
        fresh = pre != prev_pre
        prev_pre = pre
        if fresh and book == "Psalms":
            m = PSALM_TITLE.search(pre)
            if m:
                title = to_text(m.group(1))
                text = (title + " " + text).strip()
        out[ref] = text
    joined, split = resolve_seams(out)
    print("%s: transChange seams joined %d, split %d" % (lang, joined, split))
    if lang == "es":
        proper = proper_nouns(out.values())
        for ref, text in out.items():
            if ref.endswith(":1"):
                out[ref] = CHAPTER_CAPS.sub(lambda m: recase(m, text, proper), text, count=1)
    return out


def chapter_of(ref):
    return ref.rsplit(":", 1)[0]


def shifted_chapters(en, es):
    """Chapters whose verse lengths show a versification shift (see above)."""
    chap = collections.defaultdict(dict)
    for ref, et in en.items():
        st = es.get(ref)
        if st is None:
            continue
        c, v = ref.rsplit(":", 1)
        chap[c][int(v)] = (len(et), len(st))

    def d(lens, v, o):
        if v in lens and v + o in lens and lens[v][1] and lens[v + o][0]:
            return abs(math.log(lens[v][1] / lens[v + o][0]))
        return None

    def mean(xs, min_n):
        xs = [x for x in xs if x is not None]
        return sum(xs) / len(xs) if len(xs) >= min_n else None

    bad = {}
    half = WINDOW // 2
    for c, lens in chap.items():
        m = mean([d(lens, v, 0) for v in lens], 3)
        if m is not None and m >= CHAPTER_MAX_LOGRATIO:
            bad[c] = "mean |log length ratio| %.2f" % m
            continue
        for v in lens:
            def win(o):
                return mean([d(lens, u, o) for u in range(v - half, v + half + 1)], 3)

            w0 = win(0)
            ws = [w for w in (win(1), win(-1)) if w is not None]
            if w0 is not None and ws and w0 >= WINDOW_MIN_LOGRATIO and min(ws) < WINDOW_SHIFT_GAIN * w0:
                bad[c] = "verses around %d fit a shift by one" % v
                break
    return bad


def bucket(ref):
    h = hashlib.sha256(ref.encode("utf-8")).digest()
    return int.from_bytes(h[:8], "big") % SPLIT_MOD


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--train-dir", default=None, help="where train.* go (default OUT/data)")
    args = ap.parse_args()
    train_dir = args.train_dir or os.path.join(args.out, "data")
    os.makedirs(train_dir, exist_ok=True)

    texts = {lang: clean_module(lang, run_diatheke(mod)) for lang, mod in MODULES.items()}
    en, es = texts["en"], texts["es"]
    stats = collections.Counter()
    stats["en_refs"] = len(en)
    stats["es_refs"] = len(es)

    # Versification check per chapter: highest verse number in each module.
    def last_verse(d):
        last = {}
        for ref in d:
            ch = chapter_of(ref)
            last[ch] = max(last.get(ch, 0), int(ref.rsplit(":", 1)[1]))
        return last

    en_last, es_last = last_verse(en), last_verse(es)
    bad_chapters = sorted(
        ch for ch in en_last if ch in es_last and en_last[ch] != es_last[ch]
    )
    bad = set(bad_chapters)
    shifted = shifted_chapters(en, es)
    bad |= set(shifted)

    pairs = []
    for ref, et in en.items():
        if ref not in es:
            stats["drop_only_en"] += 1
            continue
        st = es[ref]
        if chapter_of(ref) in bad:
            stats["drop_chapter_versification"] += 1
            continue
        if not et or not st:
            stats["drop_empty"] += 1
            continue
        r = len(st) / len(et)
        if not (MIN_RATIO <= r <= MAX_RATIO):
            stats["drop_length_ratio"] += 1
            continue
        pairs.append((ref, et, st))
    stats["drop_only_es"] = sum(1 for ref in es if ref not in en)

    splits = {"train": [], "dev": [], "test": []}
    for p in pairs:
        b = bucket(p[0])
        name = "dev" if b < DEV_BELOW else "test" if b < TEST_BELOW else "train"
        splits[name].append(p)

    for name, ps in splits.items():
        d = train_dir if name == "train" else args.out
        for ext, col in (("ref", 0), ("en", 1), ("es", 2)):
            path = os.path.join(d, "%s.%s" % (name, ext))
            with open(path, "w", encoding="utf-8") as f:
                for p in ps:
                    f.write(p[col] + "\n")
        stats["pairs_" + name] = len(ps)

    stats["pairs_total"] = len(pairs)
    print("chapters whose verse counts differ: %d: %s" % (len(bad_chapters), ", ".join(bad_chapters)))
    print("chapters with shifted verses: %d" % len(shifted))
    for c in sorted(shifted):
        print("  %s: %s" % (c, shifted[c]))
    for k in sorted(stats):
        print("%s\t%d" % (k, stats[k]))


if __name__ == "__main__":
    sys.exit(main())
