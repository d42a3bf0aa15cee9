#!/usr/bin/env python3
"""Checks TouchKit's API documentation (issue 6): TouchKit is the library other Swift apps
read, so every declaration they can see must say what it is for, and the DocC articles must
not point at symbols that were renamed or removed.

1. Every `public` / `open` declaration in Sources/TouchKit, and every case of a public enum,
   has a `///` comment right above it. Attribute lines (`@MainActor`, `@discardableResult`, …)
   may sit between the comment and the declaration; a declaration spread over several lines
   needs the comment above its first line.
2. Every ``Symbol`` link in Sources/TouchKit/TouchKit.docc/*.md names a TouchKit type, or a
   member of one (``Touch/location(in:)``): a name check, not DocC's full resolution.

Exits 0 when both hold, 1 listing what does not. Python standard library only; run from the
repository root or anywhere (paths are found from this file).

    scripts/check-docs.py            # the check
    scripts/check-docs.py --list     # also print every symbol it knows, for writing links
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources" / "TouchKit"
CATALOGUE = SOURCES / "TouchKit.docc"
MODULE = "TouchKit"

MODIFIER = (r"(?:(?:public|open|internal|private|fileprivate|package)(?:\(set\))?|static|class|final"
            r"|override|mutating|nonmutating|nonisolated|lazy|weak|unowned|required|convenience"
            r"|dynamic|indirect|isolated)")
KEYWORD = r"(?:func|var|let|init\??|deinit|subscript|class|struct|enum|protocol|typealias|actor|extension|case)"
# Optional inline attributes, modifiers, then the keyword (and, for most, a name).
DECLARATION = re.compile(
    r"^(?P<attrs>(?:@\w+(?:\([^)]*\))?\s+)*)(?P<mods>(?:" + MODIFIER + r"\s+)*)"
    r"(?P<kw>" + KEYWORD + r")(?![\w])\s*(?P<rest>.*)$")
TYPE_KEYWORDS = {"class", "struct", "enum", "protocol", "actor", "extension"}


def code_only(line):
    """The line with string literals and `//` comments blanked, so braces are counted right."""
    out, i, in_string = [], 0, False
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
            out.append(" ")
        elif c == '"':
            in_string = True
            out.append(" ")
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def split_top_level(text):
    """`text` split at the commas that are not inside brackets."""
    parts, depth, current = [], 0, ""
    for c in text.replace("->", "  "):  # an arrow's `>` closes no bracket
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current)
    return parts


def parameter_labels(text):
    """`label1:label2:` from a parameter list's text (what is inside the parentheses)."""
    labels = []
    for param in split_top_level(text):
        names = param.split(":", 1)[0].split()
        if names:
            labels.append(names[0])
    return "".join(f"{label}:" for label in labels)


def signature(kw, rest, header):
    """The member's name as a DocC link spells it: `location(in:)`, `init(frame:)`, `tapCount`."""
    if kw.startswith("init") or kw == "subscript":
        name = kw.rstrip("?")
        after = header.split(kw, 1)[1] if kw in header else header
    elif kw == "case":
        # `case horizontal, vertical` declares two; `case enter(location: Point)` is linked as
        # `enter(location:)`; raw values go.
        names = []
        for element in split_top_level(re.sub(r"=[^,]*", "", rest)):
            m = re.match(r"\s*`?(\w+)`?\s*(?:\((.*)\))?", element)
            if m:
                names.append(f"{m.group(1)}({parameter_labels(m.group(2))})" if m.group(2) else m.group(1))
        return names
    elif kw in ("var", "let"):
        m = re.match(r"`?(\w+)", rest)
        return [m.group(1)] if m else []
    elif kw == "func":
        m = re.match(r"(`?[\w]+`?|[^\s(<]+)", rest)
        if not m:
            return []
        name = m.group(1).strip("`")
        after = header.split(m.group(1), 1)[1] if m.group(1) in header else ""
    else:
        return []
    start = after.find("(")
    if start < 0:
        return [name]
    depth, end = 0, start
    after = after.replace("->", "  ")
    for end in range(start, len(after)):
        if after[end] == "(":
            depth += 1
        elif after[end] == ")":
            depth -= 1
            if depth == 0:
                break
    return [f"{name}({parameter_labels(after[start + 1:end])})"]


def scan(path):
    """Yields (line number, declaration text, documented, scope, kind, names, public) per declaration."""
    lines = path.read_text(encoding="utf-8").splitlines()
    # Each open brace: the type it opens ("View", "CircleDetector/Circle"), whether that type is
    # a public enum, or None for bodies of functions, properties, closures and the like.
    stack = []
    for index, raw in enumerate(lines):
        stripped = raw.strip()
        match = DECLARATION.match(stripped)
        opens = None
        top = stack[-1] if stack else ("", False)
        in_type = not stack or top is not None
        if match and in_type:
            kw, mods, rest = match.group("kw"), match.group("mods"), match.group("rest")
            scope, in_public_enum = (top[0], top[1]) if top else ("", False)
            is_public = re.search(r"\b(public|open)\b", mods) is not None
            if kw in TYPE_KEYWORDS:
                type_name = re.match(r"([\w.]+)", rest).group(1) if re.match(r"[\w.]", rest) else ""
                if kw == "extension":
                    full = type_name.replace(".", "/")
                else:
                    full = f"{scope}/{type_name}" if scope else type_name
                opens = (full, kw == "enum" and is_public)
            header = stripped
            j = index
            # A multi-line declaration: join lines until its parameter list closes.
            while header.count("(") > header.count(")") and j + 1 < len(lines):
                j += 1
                header += " " + lines[j].strip()
            names = [] if kw in TYPE_KEYWORDS else signature(kw, rest, header)
            if kw in TYPE_KEYWORDS and kw != "extension":
                names = [opens[0].split("/")[-1]]
            counts = is_public or (kw == "case" and in_public_enum)
            if kw == "extension":
                counts = is_public
            k = index - 1
            while k >= 0 and lines[k].strip().startswith("@"):
                k -= 1
            documented = k >= 0 and lines[k].strip().startswith("///")
            yield index + 1, header.split("{")[0].strip(), documented, scope, kw, names, counts, opens
        code = code_only(raw)
        first = True
        for c in code:
            if c == "{":
                stack.append(opens if (first and opens) else None)
                first = False
            elif c == "}" and stack:
                stack.pop()


def main():
    undocumented, total = [], 0
    types, members = {MODULE}, {}
    for path in sorted(SOURCES.rglob("*.swift")):
        for line, text, documented, scope, kw, names, counts, opens in scan(path):
            # Only what DocC documents can be linked: public types and their public members.
            if opens and kw != "extension" and counts:
                types.add(opens[0])
            for name in names:
                if scope and counts and kw not in TYPE_KEYWORDS:
                    members.setdefault(scope, set()).add(name)
            if counts:
                total += 1
                if not documented:
                    undocumented.append(f"{path.relative_to(ROOT)}:{line}: {text}")

    if "--list" in sys.argv:
        for t in sorted(types):
            print(t)
            for m in sorted(members.get(t, ())):
                print(f"    {t}/{m}")

    bad_links, link_count, articles = [], 0, sorted(CATALOGUE.glob("*.md")) if CATALOGUE.is_dir() else []
    for article in articles:
        in_code = False
        for number, line in enumerate(article.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for link in re.findall(r"``([^`]+)``", line):
                link_count += 1
                if not resolves(link, types, members):
                    bad_links.append(f"{article.relative_to(ROOT)}:{number}: ``{link}`` names nothing in TouchKit")

    if not articles:
        bad_links.append(f"{CATALOGUE.relative_to(ROOT)}: no articles found")
    for problem in undocumented:
        print(f"undocumented: {problem}")
    for problem in bad_links:
        print(f"bad link: {problem}")
    documented = total - len(undocumented)
    print(f"{documented} of {total} public/open declarations documented; "
          f"{link_count - len([b for b in bad_links if '``' in b])} of {link_count} symbol links "
          f"in {len(articles)} articles resolve")
    return 1 if undocumented or bad_links else 0


def resolves(link, types, members):
    """Whether a DocC link names a type, or a member of a type, declared in TouchKit."""
    parts = link.split("/")
    if parts[0] == MODULE and len(parts) > 1:
        parts = parts[1:]
    # Drop DocC's disambiguation suffixes: `touches(for:)-(View)`, `-swift.property`, `-1abc`.
    parts = [re.sub(r"-(?:\(.*\)|[\w.]+)$", "", part) if not part.startswith("-") else part for part in parts]
    # The longest leading run of components that is a type, then at most one member.
    for split in range(len(parts), 0, -1):
        type_name = "/".join(parts[:split])
        if type_name in types:
            rest = parts[split:]
            if not rest:
                return True
            return len(rest) == 1 and rest[0] in members.get(type_name, set())
    return False


if __name__ == "__main__":
    sys.exit(main())
