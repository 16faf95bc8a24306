"""Checks that every link to a heading of a crate's `rules` page points at a
heading that exists (rustdoc checks intra-doc links to items, not to
headings). Usage: check_doc_anchors.py target/doc"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
bad = []
checked = 0
for rules in root.glob("*/rules/index.html"):
    crate = rules.parent.parent
    ids = set(re.findall(r'id="([^"]+)"', rules.read_text()))
    for page in crate.rglob("*.html"):
        for href in re.findall(r'href="([^"]*rules/index\.html)#([^"]+)"', page.read_text()):
            checked += 1
            if href[1] not in ids:
                bad.append(f"{page}: #{href[1]}")
if bad:
    print("links to missing headings of a rules page:", *bad, sep="\n  ")
    sys.exit(1)
if checked == 0:
    print("no links to a rules page found: the check itself is broken")
    sys.exit(1)
print(f"{checked} links to rules headings, all resolve")
