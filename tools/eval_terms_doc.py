#!/usr/bin/env python3
"""Writes docs/eval-terms.md from the weight table (crates/eval-terms/src/weights.rs).

One row per term: group, Compendium section (from the term's doc comment),
what it measures, starting weight, and the test that covers it. Run after
changing the table: `python3 tools/eval_terms_doc.py`.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "crates/eval-terms/src/weights.rs")
COMPENDIUM = os.path.join(ROOT, "docs/compendium-weights.rs")
OUT = os.path.join(ROOT, "docs/eval-terms.md")

SPECIAL_TESTS = {

}

HEADER = """# Evaluation terms

Every weight of `crates/eval-terms/src/weights.rs`, generated from that table by
`python3 tools/eval_terms_doc.py`. Values are centipawns `(mg, eg)` from the
term owner's side. "Compendium weight" is the starting weight taken from the
Compendium (`docs/compendium-weights.rs`); "Current weight" is the one in use,
Texel-tuned in five passes from the earlier per-term-scaled table (the second
to fifth with a tenth, then a thirtieth, of the default pull towards their
start; the per-square residuals entered at zero in the fourth; the fifth on
5,019,420 positions), mg and eg apart: every
nonzero weight keeps the sign its term names (at least 1 cp), zeros (a
table's reference entry, the empty half of a one-phase term) move freely,
and the mating technique (mop-up, KBN vs K) is held. Data, losses and the command that reproduces the
tune are in [tuning.md](tuning.md#the-weights-in-use). "Section" quotes the term's doc comment: the Compendium
section (`Lnnnn` = the line of its heading in
`../shared/seeds/little-chess-evaluation-compendium.md`) and any deviation.
Every term is covered by a row of `crates/eval-terms/tests/terms.rs` (a position
where it fires with the sign the Compendium gives it, judged at the Compendium's
weights, and one where it does not); the table in use by
`tests/chess_facts.rs` (the whole-evaluation facts of `matewise_eval_terms::facts`,
such as an advanced passer or a pawn shelter, which the tuner also keeps), its machinery by `tests/weights.rs`, colour symmetry by
`tests/first_eval.rs`.

"""

DISAGREE_TEXT = """{count} of the {total} terms have a half (mg or eg) of at least one entry
that the tune turned against the Compendium's sign (entries counted from
0, in the order of "What it measures"). A table entry that crosses zero
is the data's business; a one-entry term that does is named for what it
counts, not for whether that is good."""

FOOTER = """
## Compendium chapters left out, and why

- **Tactics and calculation chapters** (complications, deflection, the Tal
  dimension, sacrifices, clash points, vectoral intersections, initiative,
  counterplay): they describe what a search finds; a static term would guess
  at it. Matewise's search and Mate at a Glance cover them.
- **Move-history terms** (moving a piece twice in the opening, repeated
  moves, unreasonable retreats, winning or losing tempo by a move): an
  evaluation of a position does not know the moves that led to it.
- **Fine pawn-structure variants** (medium and hub pawns, four- and
  five-pawners, compositions, semi-backward and partially backward grades,
  treble pawns, optimal spread, alternating colours): the main forms
  (doubled, isolated, backward, backward-fated, unopposed, lead, root, apex,
  phalanx, fixed, candidate) are in; the variants refine them by fractions
  the tuner can learn from the main weights' data more reliably than from a
  dozen rarely-firing terms.
- **Intensity of interaction, complementarity, fanning, smart and harmonious
  mobility**: aggregate measures without a definition precise enough to
  compute the same way twice.
- **Specific endings** (rook, knight, queen endings' rules, fortresses,
  stalemate seeking): the drawing-chance scales, Pair-o-Max's rules and the
  search handle endings; per-ending rules are left for later issues.
- **Book, prioritising and tuning chapters**: about method, not terms.

Deviations from the Compendium's numbers are stated in the Section column;
each was needed because the number, applied as an evaluation term at every
leaf, lost self-play games (see the closing note of the Compendium issue).
"""


def pairs_by_term(path):
    """Each term's weights as (mg, eg) integer pairs."""
    text = open(path).read()
    body = text[text.index("weights! {"):]
    out = {}
    for m in re.finditer(r'([A-Z0-9_]+): "[^"]+" \[\d+\] = \[(.*?)\];', body, re.S):
        vals = re.findall(r"s\((-?\d+), (-?\d+)\)", m.group(2))
        out[m.group(1)] = [(int(a), int(b)) for a, b in vals]
    return out


def shown(pairs):
    return " ".join(f"({a},{b})" for a, b in pairs)


def opposite(book, now):
    """The halves where the data's weight points the other way from the
    Compendium's (both nonzero): e.g. ["mg 2", "eg 0"], entries from 0."""
    out = []
    for phase, i in (("mg", 0), ("eg", 1)):
        for entry, (b, n) in enumerate(zip(book, now)):
            if b[i] * n[i] < 0:
                out.append((phase, entry))
    return out


def sign_cell(book, now):
    flips = opposite(book, now)
    if not flips:
        return "agrees"
    if len(book) == 1:
        return "**disagrees**: " + ", ".join(phase for phase, _ in flips)
    parts = []
    for phase in ("mg", "eg"):
        entries = [str(e) for p, e in flips if p == phase]
        if entries:
            parts.append(f"{phase} {', '.join(entries)}")
    return "**disagrees**: " + "; ".join(parts)


def main():
    compendium = pairs_by_term(COMPENDIUM)
    current = pairs_by_term(TABLE)
    text = open(TABLE).read()
    body = text[text.index("weights! {") + len("weights! {"):]
    rows = []
    docs = []
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("///"):
            docs.append(line[3:].strip())
            continue
        m = re.match(r'([A-Z0-9_]+): "([^"]+)" \[(\d+)\] = (.*)', line)
        if m:
            name, group, length, rest = m.groups()
            # Gather the default values up to the closing ];
            start = body.index(line)
            chunk = body[start:body.index("];", start) + 2] if "];" in body[start:] else rest
            values = re.findall(r"s\((-?\d+), (-?\d+)\)", chunk)
            if values:
                shown_values = " ".join(f"({a},{b})" for a, b in values)
            else:
                shown_values = "rule-built: " + rest.rstrip(";")
            doc = " ".join(docs)
            what, _, section = doc.partition(": ")
            book, now = compendium.get(name), current.get(name)
            rows.append((group, name, section or doc, what, length,
                         shown(book) if book else "?", shown(now) if now else shown_values,
                         sign_cell(book, now) if book and now else "?"))
            docs = []
    out = [HEADER, "| Group | Term | Section | What it measures | Entries | Compendium weight (mg,eg) | Current weight (mg,eg) | Sign against the Compendium | Test |",
           "|---|---|---|---|---|---|---|---|---|"]
    for group, name, section, what, length, book, now, sign in rows:
        test = SPECIAL_TESTS.get(name, f"terms.rs `{name}`")
        out.append(f"| {group} | `{name}` | {section} | {what} | {length} | {book} | {now} | {sign} | {test} |")
    disagreeing = [(name, sign) for _, name, _, _, _, _, _, sign in rows if sign.startswith("**")]
    out.append("")
    out.append("## Where the data and the Compendium disagree")
    out.append("")
    if disagreeing:
        out.append(DISAGREE_TEXT.format(count=len(disagreeing), total=len(rows)))
        out.append("")
        for name, sign in disagreeing:
            out.append(f"- `{name}`: {sign.replace('**disagrees**: ', '')}")
    else:
        out.append("Every tuned weight keeps the sign the Compendium gives its term.")
    out.append(FOOTER)
    open(OUT, "w").write("\n".join(out))
    print(f"{len(rows)} terms written to {OUT}")


if __name__ == "__main__":
    main()
