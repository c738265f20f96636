#!/usr/bin/env python3
"""Writes the multilingual text used to train and test the SentencePiece
conformance models: sample.txt (training text, also encoded), heldout.txt
(never seen by spm_train: other words, other scripts, odd whitespace, invalid
UTF-8) and random.txt (random code points, many of them changed by NFKC).
Deterministic: fixed seeds, no input files.

Usage: python3 make_sample.py OUTDIR
"""
import random
import sys

SEED = 20261202

LANGS = {
    "en": (
        ["The old fisherman", "My sister", "A tired student", "The committee",
         "Our neighbour", "The little robot", "Every translator", "The doctor"],
        ["reads", "writes", "translates", "forgets", "finds", "repairs",
         "sells", "remembers"],
        ["a long letter", "the red book", "three small boxes", "the broken radio",
         "an old map of the city", "the evening newspaper", "twelve eggs",
         "a strange message"],
        ["before breakfast.", "in the garden.", "every Sunday.", "without a word.",
         "near the station.", "at 7:45 pm.", "for the 3rd time!", "quickly, isn't it?"],
    ),
    "es": (
        ["El pescador", "Mi hermana pequeña", "La señora Núñez", "El niño",
         "Nuestro vecino", "La profesora", "El camión", "Un pingüino"],
        ["lee", "escribe", "traduce", "olvidó", "encontró", "arregla",
         "vende", "recuerda"],
        ["una canción", "el libro rojo", "tres cajas pequeñas", "la radio rota",
         "un mapa antiguo de Cádiz", "el periódico de la mañana", "doce huevos",
         "un mensaje extraño"],
        ["antes del desayuno.", "en el jardín.", "cada domingo.", "sin decir nada.",
         "¿por qué?", "¡qué sorpresa!", "a las 19:30.", "con mucho cariño."],
    ),
    "de": (
        ["Der alte Fischer", "Meine Schwester", "Die müde Studentin", "Der Ausschuss",
         "Unser Nachbar", "Das kleine Mädchen", "Jede Übersetzerin", "Der Arzt"],
        ["liest", "schreibt", "übersetzt", "vergisst", "findet", "repariert",
         "verkauft", "grüßt"],
        ["einen langen Brief", "das rote Buch", "drei kleine Schachteln",
         "das kaputte Radio", "eine alte Straßenkarte", "die Abendzeitung",
         "zwölf Eier", "eine seltsame Nachricht"],
        ["vor dem Frühstück.", "im Garten.", "jeden Sonntag.", "ohne ein Wort.",
         "am Bahnhof.", "um 7 Uhr.", "zum 3. Mal!", "schnell, oder?"],
    ),
    "ru": (
        ["Старый рыбак", "Моя сестра", "Усталый студент", "Комитет",
         "Наш сосед", "Маленький робот", "Каждый переводчик", "Врач"],
        ["читает", "пишет", "переводит", "забывает", "находит", "чинит",
         "продаёт", "помнит"],
        ["длинное письмо", "красную книгу", "три маленькие коробки",
         "сломанное радио", "старую карту города", "вечернюю газету",
         "двенадцать яиц", "странное сообщение"],
        ["перед завтраком.", "в саду.", "каждое воскресенье.", "без слов.",
         "у вокзала.", "в 19:45.", "в третий раз!", "быстро, правда?"],
    ),
    "el": (
        ["Ο γέρος ψαράς", "Η αδελφή μου", "Ένας κουρασμένος φοιτητής", "Η επιτροπή",
         "Ο γείτονάς μας", "Το μικρό ρομπότ", "Κάθε μεταφραστής", "Ο γιατρός"],
        ["διαβάζει", "γράφει", "μεταφράζει", "ξεχνά", "βρίσκει", "επισκευάζει",
         "πουλά", "θυμάται"],
        ["ένα μακρύ γράμμα", "το κόκκινο βιβλίο", "τρία μικρά κουτιά",
         "το χαλασμένο ραδιόφωνο", "έναν παλιό χάρτη", "την απογευματινή εφημερίδα",
         "δώδεκα αυγά", "ένα παράξενο μήνυμα"],
        ["πριν το πρωινό.", "στον κήπο.", "κάθε Κυριακή.", "χωρίς λέξη.",
         "κοντά στον σταθμό.", "στις 7.", "για τρίτη φορά!", "γρήγορα;"],
    ),
}

CJK = [
    "今日は天気がいいです。", "私は学生です。", "東京駅で友達に会いました。",
    "日本語を勉強しています。", "我们明天去北京。", "这本书很有意思。",
    "他在图书馆看书。", "中文和日文都用汉字。", "ありがとうございます！",
    "カタカナとひらがな。", "一二三四五六七八九十", "山田さんは先生です。",
]

EXTRAS = [
    "Ｆｕｌｌ－ｗｉｄｔｈ ＡＢＣ １２３ and ｶﾀｶﾅ half-width.",
    "Ligatures: ﬁne ﬂour, ① ② ③, x² + y² = z², ½ cup, ™ and ㎏.",
    "Café, naïve, coöperate, résumé — “quotes” and ‘single’ ones…",
    "Numbers: 3.14159, 2,718, 1e-9, 42%, $19.99, €5, ¥1000, 0x1F.",
    "Emoji: 😀 🚀 👍🏽 ❤️ 🇪🇸 and 👩‍💻 at work.",
    "Tabs\tand  double  spaces   here.",
    "   leading and trailing spaces   ",
    "e\u0301 (e + combining acute) vs é, A\u030a vs Å.",
    "No\u00a0break\u00a0space and thin\u2009space and ideographic\u3000space.",
    "Zero\u200bwidth joiner test and soft\u00adhyphen.",
    "Mixed: Hello мир, hola κόσμε, 你好 world! 123abc456.",
    "<2en> user <sep> symbols [MASK] and control <s> text </s>.",
    "Sooo goood!!! Hmmm... Zzz. Aaaah, Mississippi, Schifffahrt, 1000000, 000.",
    "Bookkeeper: a cool book, three trees, coffee, sheeesh, llll, eeee.",
]


def sentence(rng, lang):
    s, v, o, t = LANGS[lang]
    return " ".join([rng.choice(s), rng.choice(v), rng.choice(o), rng.choice(t)])


def sample_lines(rng, n):
    lines = []
    langs = sorted(LANGS)
    for i in range(n):
        r = rng.random()
        if r < 0.12:
            lines.append(rng.choice(CJK) + rng.choice(CJK))
        elif r < 0.18:
            lines.append(rng.choice(EXTRAS))
        elif r < 0.25:
            lines.append(str(rng.randint(0, 10**rng.randint(1, 9))) + " " +
                         sentence(rng, rng.choice(langs)))
        else:
            lang = rng.choice(langs)
            line = sentence(rng, lang)
            if rng.random() < 0.3:
                line += " " + sentence(rng, lang)
            lines.append(line)
    return lines


HELDOUT = [
    "",
    " ",
    "Completely unseen words: zygote, quixotic, jabberwocky, xylophone.",
    "Palabras nuevas: murciélago, güero, añoranza, ¿acaso?",
    "Neue Wörter: Donaudampfschifffahrtsgesellschaft, Äpfel, Größe.",
    "Новые слова: щётка, объявление, Ёлка, ЪЬЫ.",
    "Νέες λέξεις: ψυχή, ξυλόφωνο, Ωμέγα.",
    "Arabic: مرحبا بالعالم. Hebrew: שלום עולם.",
    "Hindi: नमस्ते दुनिया। Thai: สวัสดีชาวโลก",
    "Korean: 안녕하세요 세계. Hangul jamo: 한.",
    "Rare CJK: 龘靐齉齾 and 𠀀𪚥 (outside the BMP).",
    "Emoji never seen: 🦄🧬🪐 🫠 and a flag 🏳️‍🌈.",
    "Full-width: ＨＥＬＬＯ，ｗｏｒｌｄ！ ＃１",
    "Odd\twhitespace\u000bvertical\u000cform feed\u0085next line\u2028sep.",
    "    many     spaces     between     words    ",
    "\u2581already has the meta symbol\u2581\u2581 inside.",
    "Control chars: \u0001\u0002\u001f and DEL \u007f end.",
    "Combining: a\u0300\u0301\u0302 stacked, Z\u0335a\u0336l\u0337g\u0338o.",
    "Private use: \ue000\uf8ff and BOM \ufeff mid-line.",
    "Replacement char \ufffd given literally.",
    "<sep><sep>[MASK]<2en><s></s><unk><pad> glued specials",
    "x" * 40 + " " + "ab" * 30,
    "1234567890 0987654321 3.1415926535897932384626",
    "ALL CAPS SHOUTING SENTENCE WITH UNSEEN WORDS",
    "Mixed scripts inside words: abcдеф123αβγ漢字",
    "Runs: aaaaaaaaa eeeeeee ssssss lllll ttttt 00000000 1111 ....... !!!!!!",
    "More runs: ------ ====== ______ ?????? ,,,,, ;;;; ääää ёёё ααα 的的的的",
    "Repeats: abcabcabcabc thethethe dedede eses erererer nnnnnn rrrr",
]

# Lines holding bytes that are not valid UTF-8 (written as raw bytes).
HELDOUT_BYTES = [
    b"invalid \xff\xfe bytes here",
    b"truncated \xe2\x82 sequence",
    b"overlong \xc0\xaf and surrogate \xed\xa0\x80 end",
]


# Code point ranges for random.txt: scripts of the sample, and the blocks
# where NFKC and the nmt rules change text (compatibility forms, width
# variants, letterlike and enclosed symbols, spaces and controls).
RANDOM_RANGES = [
    (0x20, 0x7E), (0x00, 0x1F), (0x7F, 0x9F), (0xA0, 0x17F), (0x250, 0x2FF),
    (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x4FF), (0x1E00, 0x1EFF),
    (0x2000, 0x206F), (0x2070, 0x209F), (0x20A0, 0x20CF), (0x2100, 0x218F),
    (0x2460, 0x24FF), (0x2F00, 0x2FDF), (0x3000, 0x30FF), (0x3200, 0x33FF),
    (0x4E00, 0x4E80), (0xAC00, 0xAC40), (0xF900, 0xFAFF), (0xFB00, 0xFB4F),
    (0xFE30, 0xFE6F), (0xFF00, 0xFFEF), (0xFFF0, 0xFFFD), (0x1D400, 0x1D4FF),
    (0x1F100, 0x1F1FF), (0x1F300, 0x1F64F), (0x2F800, 0x2FA1F), (0xE000, 0xE010),
]


def random_lines(rng, n):
    lines = []
    for _ in range(n):
        out = []
        for _ in range(rng.randint(0, 30)):
            r = rng.random()
            if r < 0.15:
                out.append(" " * rng.randint(1, 3))
            elif r < 0.25:
                out.append(rng.choice(["the", "de", "и", "και", "der", "é", "<sep>", "[MASK]"]))
            else:
                lo, hi = rng.choice(RANDOM_RANGES)
                c = rng.randint(lo, hi)
                if c in (0x0A, 0x0D) or 0xD800 <= c <= 0xDFFF:
                    c = 0x20
                out.append(chr(c))
        lines.append("".join(out))
    return lines


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    rng = random.Random(SEED)
    lines = sample_lines(rng, 1500)
    # Every fixed line appears at least once in training.
    lines += CJK + EXTRAS
    with open(f"{out}/sample.txt", "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line + "\n")
    held = []
    for i in range(60):
        held.append(sentence(rng, rng.choice(sorted(LANGS))))
    held += HELDOUT
    rng.shuffle(held)
    with open(f"{out}/heldout.txt", "wb") as f:
        for line in held:
            f.write(line.encode("utf-8") + b"\n")
        for line in HELDOUT_BYTES:
            f.write(line + b"\n")
    # Random code points (a generator of its own, so sample.txt stays put).
    with open(f"{out}/random.txt", "w", encoding="utf-8", newline="\n") as f:
        for line in random_lines(random.Random(SEED + 1), 500):
            f.write(line + "\n")


if __name__ == "__main__":
    main()
