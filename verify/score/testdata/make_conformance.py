#!/usr/bin/env python3
"""Make the sacreBLEU conformance set for onnxprune/verify/score.

Writes, next to this script:
  corpora/NAME.hyp, corpora/NAME.refK   the inputs (UTF-8, one segment a line)
  expected.json    corpus and sentence scores, signatures and printed lines,
                   computed by sacreBLEU itself for every option combination
  tokenized.json   every line of some corpora as each tokenizer returns it
  unicode.json     Python's view of every code point: str.isspace,
                   str.lower, the `regex` module's \\p{P}, \\p{S}, \\p{N}, and
                   the Cased / Case_Ignorable behaviour of the Final_Sigma rule
  cli.json         the lines the `sacrebleu` command prints for a few runs
  libm.json        exp and log arguments with Python's (glibc's) and the
                   correctly rounded results

Run with a Python that has sacrebleu==2.6.0 installed (the project's venv,
/opt/onnxprune-venv/bin/python, or any venv with that one package pinned):

    /opt/onnxprune-venv/bin/python verify/score/testdata/make_conformance.py

The output is deterministic for a given sacreBLEU, Python and `regex`
version; all three are recorded in expected.json.
"""

import json
import logging
import math
import os
import platform
import random
import subprocess
import sys
import unicodedata

import regex
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar

SACREBLEU_VERSION = "2.6.0"
HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.join(HERE, "corpora")
SEED = 20261202
TOKENIZERS = ["13a", "intl", "none", "char"]

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


# ---------------------------------------------------------------- corpora

def mixed_corpus():
    """Hand-written segments covering what the tokenizers treat specially."""
    long_words = " ".join(f"word{i % 97}" for i in range(2500))
    long_ref = " ".join(f"word{i % 89}" for i in range(2600))
    no_space = "".join(chr(0x4E00 + (i * 7) % 500) for i in range(3000))
    no_space_ref = "".join(chr(0x4E00 + (i * 5) % 500) for i in range(3000))
    rows = [
        # (hypothesis, reference 1, reference 2, reference 3)
        ("The cat sat on the mat.", "The cat sat on the mat.", "A cat was sitting on the mat.", "The cat is on the mat!"),
        ("", "An empty hypothesis line.", "Empty.", ""),
        ("Nothing in the references here.", "", "", ""),
        ("", "", "", ""),
        ("It costs $1,000.50 (about €920), i.e. 3.14% less.", "It costs $1,000.50 — about €920 — i.e. 3.14 % less.", "The price is 1.000,50 dollars.", "It's $1000.50."),
        ("Call 555-1234 or 9-5 on 2020-01-01.", "Call 555-1234 between 9-5, on 2020-01-01.", "Phone: 555 1234.", "Call us 9 - 5."),
        ("See https://example.com/a/b?x=1&y=2#top or mail me@example.org.", "See https://example.com/a/b?x=1&y=2#top, or mail me@example.org", "Visit example.com.", "URL: http://example.com/a/b"),
        ("&quot;Quoted&quot; &amp; &lt;tagged&gt; text &amp;lt;", "\"Quoted\" & <tagged> text &lt;", "&quot;Quoted&quot; and tagged.", "Quoted & tagged"),
        ("Drop <skipped> this and that-", "Drop this and that-", "Drop it.", "<skipped>"),
        ("Tabs\tand  multiple   spaces\u00a0and\u3000ideographic spaces.", "Tabs and multiple spaces and ideographic spaces.", "Tabs\tand spaces", "spaces"),
        ("Trailing spaces are stripped.   \t", "Trailing spaces are stripped.", "Trailing spaces stripped", "stripped"),
        ("Separators\x1cinside\x1dthe\x1eline\x1fhere \x0bvt\x0cff\x85nel", "Separators inside the line here vt ff nel", "Separators", "line"),
        ("Wait... what?! No -- really; yes: (maybe) [or] {not} <ok>", "Wait ... what ?! No - really ; yes : ( maybe ) [ or ] { not } < ok >", "Wait, what? No, really.", "What?!"),
        ("Don't won't can't y'all 'quoted' \"double\" `back`", "Don't won't can't y'all 'quoted' \"double\" `back`", "Do not", "won't"),
        ("a", "a", "b", "a a"),
        ("a b", "a b c d e f g h", "a", "b a"),
        ("Ελληνικά: ΟΔΟΣ ΚΑΙ ΣΟΦΟΣ. Σ ΑΣ' ΣΑΣ.", "Ελληνικά: οδός και σοφός. Σ ας' σας.", "ΟΔΟΣ ΣΟΦΟΣ", "Οδός"),
        ("Русский текст, с запятыми; и «кавычками».", "Русский текст, с запятыми и «кавычками».", "Русский текст.", "текст"),
        ("مرحبا بالعالم، كيف حالك؟ ١٢٣٫٤٥", "مرحبا بالعالم، كيف الحال؟ ١٢٣٫٤٥", "أهلا بالعالم.", "مرحبا"),
        ("שלום עולם, מה שלומך?", "שלום לעולם, מה שלומך?", "שלום", "עולם"),
        ("我喜欢吃苹果。你呢？价格是１２３元，对吗？", "我喜欢吃苹果，你呢？价格是123元。", "我爱苹果。", "你呢"),
        ("東京は日本の首都です。「こんにちは」と言った。", "東京は日本の首都である。「こんにちは」と言いました。", "東京は首都。", "日本"),
        ("한국어 문장입니다. 숫자 1,234개!", "한국어 문장이에요. 숫자 1,234 개!", "한국어.", "문장"),
        ("हिन्दी वाक्य। संख्या १२३४।", "हिन्दी का वाक्य। संख्या १२३४ ।", "हिन्दी", "वाक्य"),
        ("ภาษาไทยไม่มีช่องว่างระหว่างคำ", "ภาษาไทย ไม่มี ช่องว่าง ระหว่าง คำ", "ภาษาไทย", "คำ"),
        ("Café naïve résumé façade Ångström İstanbul ǅemal", "Cafe\u0301 nai\u0308ve résumé façade Ångström istanbul ǆemal", "café", "CAFÉ"),
        ("Emoji 😀👍🏽 and symbols © ® ™ ± × ÷ ∞ ≤ ≥ € £ ¥ ¢ ° § ¶ †", "Emoji 😀 👍🏽 and symbols ©®™±×÷∞≤≥€£¥¢°§¶†", "emoji", "symbols"),
        ("Numbers: 1,000 1.000 1,000.5 .5 5. ,5 5, -5 5-5 5- 1e-3 3/4 ½ ²", "Numbers: 1,000 1.000 1,000.5 .5 5. ,5 5, -5 5-5 5- 1e-3 3/4 ½ ²", "numbers", "1,000"),
        ("MiXeD CaSe WoRdS AND UPPER and lower", "mixed case words and upper AND LOWER", "MIXED CASE", "Mixed Case"),
        ("repeat repeat repeat repeat repeat repeat", "repeat repeat", "repeat", "repeat repeat repeat"),
        ("x", "y", "z", "w"),
        (long_words, long_ref, "word1 word2 word3", long_words[:500]),
        (no_space, no_space_ref, no_space[:100], "一"),
        ("Hyphen-ated words and well-known co-operation.", "Hyphenated words and well known cooperation.", "hyphen-ated", "well-known"),
        ("Fullwidth！ punctuation？ ｛braces｝ ＃hash", "Fullwidth! punctuation? {braces} #hash", "fullwidth", "punctuation"),
        ("Line with a combining mark: e\u0301 and a zero\u200bwidth space and soft\u00adhyphen.", "Line with a combining mark: é and a zerowidth space and softhyphen.", "combining", "mark"),
        ("The end.", "The end.", "End.", "The end"),
    ]
    return rows


def identical_corpus():
    rows = [
        "The same sentence twice.",
        "Ein identischer Satz.",
        "同じ文です。",
        "Same, same; and the same!",
        "1,234.56 is a number.",
    ]
    return [(r, r, r) for r in rows]


def disjoint_corpus():
    return [
        ("alpha beta gamma delta", "one two three four"),
        ("ε ζ η θ", "ι κ λ μ"),
        ("!!!", "???"),
        ("αβγ", "xyz"),
    ]


def short_corpus():
    return [
        ("a", "a"),
        ("a b", "a c"),
        ("a b c", "a b d"),
        ("b", "a b"),
        ("", "a"),
        ("c d", "c d"),
    ]


def empty_hyp_corpus():
    return [("", "Some reference."), ("", "Another one."), ("", "")]


# Mixed-Unicode alphabet for the randomized corpus.
ALPHABET = (
    list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    + list("0123456789")
    + list(".,;:!?'\"()[]{}<>-_/\\&@#$%^*+=|~`")
    + list("àáâäçèéêëìíîïñòóôöùúûüÿßæøåÀÉÖÜÇ")
    + ["e\u0301", "a\u0308", "\u0301"]
    + list("ΑΒΓΔΕΣσςαβγδεωΩ")
    + list("абвгдежзийклмнопрстуфхцчшщъыьэюяАБВЖЯ")
    + list("ابتثجحخدذرزسشصضطظعغفقكلمنهوي،؛؟٫٬٠١٢٣")
    + list("אבגדהוזחטיכלמנסעפצקרשת")
    + list("的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年，。、？！「」《》")
    + list("あいうえおかきくけこアイウエオ・ー")
    + list("가나다라마바사아자차카타파하")
    + list("अआइईउऊकखगघ।०१२")
    + list("กขคงจฉชซ")
    + list("€£¥©®™±×÷∞≤≥°§¶†‰′″…–—‘’“”„«»")
    + ["😀", "👍", "🏽", "🎉", "\u200b", "\u00ad", "\u200d", "\ufeff"]
    + list("０１２３ＡＢＣ！？（）")
    + ["İ", "ǅ", "ẞ", "ﬁ"]
)
SPACES = [" "] * 30 + ["\t", "\u00a0", "\u3000", "\u2009", "\x1c", "\x1f", "\x0b", "\x0c", "\x85", "\u2028", "\r"]


def random_word(rng):
    n = rng.choice([1, 1, 2, 3, 3, 4, 5, 6, 8, 12])
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def random_corpus(count=300):
    """Seeded random sentence pairs; each hypothesis is a noisy copy of its
    reference so that scores spread over the whole range."""
    rng = random.Random(SEED)
    rows = []
    for _ in range(count):
        ref = [random_word(rng) for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 13, 21, 40]))]
        hyp = []
        for w in ref:
            u = rng.random()
            if u < 0.55:
                hyp.append(w)
            elif u < 0.65:
                hyp.append(w.upper() if rng.random() < 0.5 else w.lower())
            elif u < 0.75:
                hyp.append(random_word(rng))
            elif u < 0.85:
                hyp.extend([w, random_word(rng)])
            # else drop the word
        if rng.random() < 0.1:
            rng.shuffle(hyp)
        if rng.random() < 0.05:
            hyp = []

        def join(words):
            out = ""
            for i, w in enumerate(words):
                if i:
                    out += rng.choice(SPACES)
                out += w
            return out

        ref2 = list(ref)
        if ref2:
            ref2[rng.randrange(len(ref2))] = random_word(rng)
        rows.append((join(hyp), join(ref), join(ref2)))
    return rows


def write_corpus(name, rows):
    """Write hypothesis and reference files; return their paths relative to
    this folder. Lines are separated by "\\n" only."""
    os.makedirs(CORPORA, exist_ok=True)
    nstreams = len(rows[0])
    paths = []
    for k in range(nstreams):
        suffix = "hyp" if k == 0 else f"ref{k}"
        rel = os.path.join("corpora", f"{name}.{suffix}")
        with open(os.path.join(HERE, rel), "w", encoding="utf-8", newline="") as f:
            for row in rows:
                assert "\n" not in row[k], (name, row[k])
                f.write(row[k] + "\n")
        paths.append(rel)
    return paths[0], paths[1:]


def read_lines(rel):
    """Read a file the way the sacrebleu command does."""
    with open(os.path.join(HERE, rel), encoding="utf-8", newline="\n") as f:
        return [line.rstrip() for line in f]


# ---------------------------------------------------------------- scores

def bleu_variants():
    """(options, label) for corpus BLEU; options are BLEU() keyword args."""
    out = []
    for tok in TOKENIZERS:
        for lc in (False, True):
            out.append(dict(tokenize=tok, lowercase=lc))
    for method, value in [("floor", None), ("floor", 0.2), ("add-k", None), ("add-k", 0.5), ("add-k", 2), ("none", None), ("exp", None)]:
        for tok in ("13a", "intl"):
            out.append(dict(tokenize=tok, lowercase=False, smooth_method=method, smooth_value=value))
    for tok in TOKENIZERS:
        out.append(dict(tokenize=tok, lowercase=False, effective_order=True))
    out.append(dict(tokenize="13a", lowercase=True, smooth_method="floor", smooth_value=0.1, effective_order=True))
    return out


def chrf_variants():
    return [
        dict(),
        dict(word_order=2),
        dict(lowercase=True),
        dict(word_order=2, lowercase=True),
        dict(whitespace=True),
        dict(eps_smoothing=True),
        dict(word_order=2, eps_smoothing=True),
        dict(beta=1),
        dict(beta=3, char_order=4, word_order=1),
        dict(char_order=1, word_order=3),
    ]


def bleu_options_json(kw):
    return {
        "tokenize": kw.get("tokenize", "13a"),
        "lowercase": kw.get("lowercase", False),
        "smooth_method": kw.get("smooth_method", "exp"),
        "smooth_value": kw.get("smooth_value"),
        "effective_order": kw.get("effective_order", False),
    }


def chrf_options_json(kw):
    return {
        "char_order": kw.get("char_order", 6),
        "word_order": kw.get("word_order", 0),
        "beta": kw.get("beta", 2),
        "lowercase": kw.get("lowercase", False),
        "whitespace": kw.get("whitespace", False),
        "eps_smoothing": kw.get("eps_smoothing", False),
    }


def bleu_result(score, sig):
    return {
        "score": score.score,
        "counts": [float(c) for c in score.counts],
        "totals": [float(t) for t in score.totals],
        "precisions": score.precisions,
        "bp": score.bp,
        "sys_len": score.sys_len,
        "ref_len": score.ref_len,
        "ratio": float(score.ratio),
        "signature": sig,
        "format_api": score.format(signature=sig),
        "format_cli": score.format(width=1, signature=sig),
    }


def corpus_cases(name, hyps, refs):
    cases = []
    ref_sets = [refs[:1]] if len(refs) == 1 else [refs[:1], refs]
    for rs in ref_sets:
        for kw in bleu_variants():
            m = BLEU(**kw)
            s = m.corpus_score(hyps, rs)
            case = {"corpus": name, "nrefs": len(rs), "metric": "bleu", "options": bleu_options_json(kw)}
            case.update(bleu_result(s, str(m.get_signature())))
            cases.append(case)
        for kw in chrf_variants():
            m = CHRF(**kw)
            s = m.corpus_score(hyps, rs)
            sig = str(m.get_signature())
            cases.append({
                "corpus": name, "nrefs": len(rs), "metric": "chrf", "options": chrf_options_json(kw),
                "name": s.name, "score": s.score, "signature": sig,
                "format_api": s.format(signature=sig), "format_cli": s.format(width=1, signature=sig),
            })
    return cases


def sentence_cases(name, hyps, refs):
    cases = []
    ref_sets = [refs[:1]] if len(refs) == 1 else [refs[:1], refs]
    bleu_kws = [dict(tokenize=t, lowercase=lc, effective_order=True) for t in TOKENIZERS for lc in (False, True)]
    bleu_kws += [dict(tokenize="13a"), dict(tokenize="intl", smooth_method="floor", effective_order=True),
                 dict(tokenize="13a", smooth_method="add-k", effective_order=True)]
    for rs in ref_sets:
        for kw in bleu_kws:
            m = BLEU(**kw)
            scores, bps, sig = [], [], None
            for i, h in enumerate(hyps):
                s = m.sentence_score(h, [r[i] for r in rs])
                sig = str(m.get_signature())
                scores.append(s.score)
                bps.append(s.bp)
            cases.append({"corpus": name, "nrefs": len(rs), "metric": "bleu", "options": bleu_options_json(kw),
                          "scores": scores, "bps": bps, "signature": sig})
        for kw in [dict(), dict(word_order=2), dict(lowercase=True, word_order=2), dict(eps_smoothing=True)]:
            m = CHRF(**kw)
            scores, sig = [], None
            for i, h in enumerate(hyps):
                s = m.sentence_score(h, [r[i] for r in rs])
                sig = str(m.get_signature())
                scores.append(s.score)
            cases.append({"corpus": name, "nrefs": len(rs), "metric": "chrf", "options": chrf_options_json(kw),
                          "scores": scores, "signature": sig})
    return cases


def tokenized(lines):
    toks = {"13a": Tokenizer13a(), "intl": TokenizerV14International(), "char": TokenizerChar()}
    out = {}
    for name, tok in toks.items():
        out[name] = [tok(line) for line in lines]
    out["lower"] = [line.lower() for line in lines]
    return out


# ---------------------------------------------------------------- unicode

def ranges(cps):
    out = []
    for c in cps:
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def unicode_props():
    p_re, s_re, n_re = regex.compile(r"\p{P}"), regex.compile(r"\p{S}"), regex.compile(r"\p{N}")
    space, punct, symbol, number, lower = [], [], [], [], []
    ignorable, cased = [], []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        if c.isspace():
            space.append(cp)
        if p_re.match(c):
            punct.append(cp)
        if s_re.match(c):
            symbol.append(cp)
        if n_re.match(c):
            number.append(cp)
        lc = c.lower()
        if lc != c:
            lower.append([cp, [ord(x) for x in lc]])
        # Final_Sigma: "cΣ" ends in ς iff c is cased and not case-ignorable;
        # "AcΣ" ends in ς iff c is case-ignorable or cased.
        t2 = (c + "Σ").lower()[-1] == "ς"
        t4 = ("A" + c + "Σ").lower()[-1] == "ς"
        if t4 and not t2:
            ignorable.append(cp)
        if t2:
            cased.append(cp)
    return {
        "space": ranges(space), "punct": ranges(punct), "symbol": ranges(symbol),
        "number": ranges(number), "lower": lower,
        "case_ignorable": ranges(ignorable), "cased_not_ignorable": ranges(cased),
    }


# ---------------------------------------------------------------- exp/log

def libm_cases(count=1000):
    """Arguments of the kind BLEU feeds to exp and log, with Python's
    (the C library's) result and the correctly rounded one from decimal."""
    from decimal import Decimal, getcontext
    getcontext().prec = 60
    rng = random.Random(SEED + 1)
    logs, exps = [], []
    for _ in range(count):
        a = rng.randint(1, 100000)
        b = rng.randint(a, 200000)
        x = 100.0 * a / b
        logs.append([x, math.log(x), float(Decimal(x).ln())])
        y = 1 - rng.randint(1, 50000) / rng.randint(1, 50000) if rng.random() < 0.5 else -rng.random() * 30
        if y > 0:
            y = -y
        exps.append([y, math.exp(y), float(Decimal(y).exp())])
    return {"log": logs, "exp": exps}


# ---------------------------------------------------------------- CLI

def cli_runs(corpora):
    """Run the sacrebleu command on a few corpora and keep what it prints."""
    runs = []
    specs = [
        ("mixed", 1, ["-m", "bleu", "chrf", "-f", "text"], []),
        ("mixed", 3, ["-m", "bleu", "chrf", "-f", "text", "-w", "4"], ["--width", "4"]),
        ("mixed", 1, ["-m", "bleu", "-f", "text", "-tok", "intl", "-lc"], ["--metrics", "bleu", "--tokenize", "intl", "--lowercase"]),
        ("random", 2, ["-m", "chrf", "-f", "text", "--chrf-word-order", "2"], ["--metrics", "chrf", "--chrf-word-order", "2"]),
        ("short", 1, ["-m", "bleu", "-f", "text", "-sl"], ["--metrics", "bleu", "--sentence-level"]),
        ("identical", 2, ["-m", "bleu", "chrf", "-f", "text", "-tok", "char"], ["--tokenize", "char"]),
    ]
    for name, nrefs, sb_args, our_args in specs:
        hyp, refs = corpora[name]
        refs = refs[:nrefs]
        cmd = [sys.executable, "-m", "sacrebleu"] + refs + ["-i", hyp] + sb_args
        out = subprocess.run(cmd, cwd=HERE, capture_output=True, text=True, check=True).stdout
        runs.append({"hyp": hyp, "refs": refs, "sacrebleu_args": sb_args, "onnxprune_args": our_args,
                     "stdout": out})
    return runs


def main():
    if sacrebleu.__version__ != SACREBLEU_VERSION:
        sys.exit(f"need sacrebleu=={SACREBLEU_VERSION}, have {sacrebleu.__version__}")
    corpora = {
        "mixed": write_corpus("mixed", mixed_corpus()),
        "identical": write_corpus("identical", identical_corpus()),
        "disjoint": write_corpus("disjoint", disjoint_corpus()),
        "short": write_corpus("short", short_corpus()),
        "empty_hyp": write_corpus("empty_hyp", empty_hyp_corpus()),
        "random": write_corpus("random", random_corpus()),
    }
    corpus, sentence, tok = [], [], {}
    for name, (hyp, refs) in corpora.items():
        hyps = read_lines(hyp)
        ref_lines = [read_lines(r) for r in refs]
        corpus += corpus_cases(name, hyps, ref_lines)
        sentence += sentence_cases(name, hyps, ref_lines)
        if name in ("mixed", "random"):
            lines = hyps + [l for r in ref_lines for l in r]
            if name == "random":
                lines = hyps + ref_lines[0][:100]
            tok[name] = {"lines": [l for l in lines if len(l) <= 400]}
            tok[name].update(tokenized(tok[name]["lines"]))
    expected = {
        "sacrebleu_version": sacrebleu.__version__,
        "python_version": platform.python_version(),
        "unicode_version": unicodedata.unidata_version,
        "regex_version": regex.__version__,
        "seed": SEED,
        "corpora": {k: {"hyp": h, "refs": r} for k, (h, r) in corpora.items()},
        "corpus": corpus,
        "sentence": sentence,
    }
    dump(expected, "expected.json")
    dump(tok, "tokenized.json")
    dump(unicode_props(), "unicode.json")
    dump(cli_runs(corpora), "cli.json")
    dump(libm_cases(), "libm.json")


def dump(obj, name):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=0, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
