#!/usr/bin/env python3
"""Checks TouchKit's API documentation: TouchKit is the library other Swift apps
read, so every declaration they can see must say what it is for, and the DocC articles must
not point at symbols that were renamed or removed.

1. Every `public` / `open` declaration in Sources/TouchKit, and every case of a public enum,
   has a `///` comment right above it. Attribute lines (`@MainActor`, `@discardableResult`, …)
   may sit between the comment and the declaration; a declaration spread over several lines
   needs the comment above its first line.
2. Every ``Symbol`` link in Sources/TouchKit/TouchKit.docc/*.md, and in the doc comments of
   public declarations, names a public TouchKit type or a public member of one
   (``Touch/location(in:)``; in a comment also relative to the type, ``bounds`` in View's), and
   every <doc:Article> link names an article of the catalogue. A name check, not DocC's full
   resolution: DocC's disambiguation suffixes (`-(View)`, `->Point`) are accepted, not checked.

Exits 0 when both hold, 1 listing what does not. Python standard library only; run from the
repository root or anywhere (paths are found from this file).

    scripts/check-docs.py            # the check
    scripts/check-docs.py --list     # also print every symbol it knows, for writing links
"""

import re
import sys
from collections import namedtuple
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


Declaration = namedtuple("Declaration", "path line text documented scope kind names public opens superclass links")


def comment_links(lines, last):
    """(line number, link) for each ``link`` in the `///` block ending at index `last`, outside
    its code examples."""
    first = last
    while first > 0 and lines[first - 1].strip().startswith("///"):
        first -= 1
    links, in_code = [], False
    for index in range(first, last + 1):
        text = lines[index].strip()[3:].strip()
        if text.startswith("```"):
            in_code = not in_code
        elif not in_code:
            links += [(index + 1, link) for link in re.findall(r"``([^`]+)``", text)]
    return links


def scan(path):
    """Every declaration in a Swift file, with the type it belongs to and its comment's links."""
    lines = path.read_text(encoding="utf-8").splitlines()
    # One entry per open brace: (type path, is a public enum) for the body of a type or an
    # extension ("View", "CircleDetector/Circle"), None for the body of anything else.
    stack = []
    for index, raw in enumerate(lines):
        stripped = raw.strip()
        match = DECLARATION.match(stripped)
        opens = None
        top = stack[-1] if stack else ("", False)
        if match and top is not None:  # declarations inside function bodies are not API
            kw, mods, rest = match.group("kw"), match.group("mods"), match.group("rest")
            scope, in_public_enum = top
            is_public = re.search(r"\b(public|open)\b", mods) is not None
            superclass = None
            if kw in TYPE_KEYWORDS:
                type_name = re.match(r"[\w.]*", rest).group(0)
                if kw == "extension":
                    full = type_name.replace(".", "/")
                else:
                    full = f"{scope}/{type_name}" if scope else type_name
                opens = (full, kw == "enum" and is_public)
                inherits = re.match(r"[\w.]*\s*:\s*([\w.]+)", rest)
                superclass = inherits.group(1) if inherits and kw == "class" else None
            header, j = stripped, index
            # A multi-line declaration: join lines until its parameter list closes.
            while header.count("(") > header.count(")") and j + 1 < len(lines):
                j += 1
                header += " " + lines[j].strip()
            if kw in TYPE_KEYWORDS:
                names = [] if kw == "extension" else [opens[0].split("/")[-1]]
            else:
                names = signature(kw, rest, header)
            counts = is_public or (kw == "case" and in_public_enum)
            k = index - 1
            while k >= 0 and lines[k].strip().startswith("@"):
                k -= 1
            documented = k >= 0 and lines[k].strip().startswith("///")
            yield Declaration(path, index + 1, header.split("{")[0].strip(), documented, scope, kw,
                              names, counts, opens, superclass,
                              comment_links(lines, k) if documented else [])
        first = True
        for c in code_only(raw):
            if c == "{":
                stack.append(opens if (first and opens) else None)
                first = False
            elif c == "}" and stack:
                stack.pop()


def main():
    declarations = [d for path in sorted(SOURCES.rglob("*.swift")) for d in scan(path)]
    # Only what DocC documents can be linked: public types and their public members.
    types, members, superclasses = {MODULE}, {}, {}
    for d in declarations:
        if d.public and d.opens and d.kind != "extension":
            types.add(d.opens[0])
            if d.superclass:
                superclasses[d.opens[0]] = d.superclass
        if d.public and d.scope and d.kind not in TYPE_KEYWORDS:
            members.setdefault(d.scope, set()).update(d.names)
    # A class's links may name what it inherits: `Window/hitTest(_:with:)` is View's.
    for type_name, parent in superclasses.items():
        while parent in types:
            members.setdefault(type_name, set()).update(members.get(parent, ()))
            parent = superclasses.get(parent)

    if "--list" in sys.argv:
        for t in sorted(types):
            print(t)
            for m in sorted(members.get(t, ())):
                print(f"    {t}/{m}")

    public = [d for d in declarations if d.public]
    undocumented = [f"{d.path.relative_to(ROOT)}:{d.line}: {d.text}" for d in public if not d.documented]

    bad_links, link_count = [], 0
    # Links in the comments DocC renders resolve from the declaration outwards: a type's own
    # members, then those of the types around it, then the module's top level.
    for d in public:
        own = d.opens[0] if d.opens and d.kind != "extension" else None
        contexts = ([own] if own else []) + [d.scope] if d.scope else ([own] if own else [])
        chain = []
        for context in contexts:
            parts = context.split("/")
            chain += ["/".join(parts[:n]) for n in range(len(parts), 0, -1)]
        for line, link in d.links:
            link_count += 1
            if not any(resolves(f"{c}/{link}", types, members) for c in chain) \
                    and not resolves(link, types, members):
                bad_links.append(f"{d.path.relative_to(ROOT)}:{line}: ``{link}`` names nothing in TouchKit")

    articles = sorted(CATALOGUE.glob("*.md")) if CATALOGUE.is_dir() else []
    article_names = {a.stem for a in articles}
    for article in articles:
        in_code = False
        for number, line in enumerate(article.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            where = f"{article.relative_to(ROOT)}:{number}"
            for link in re.findall(r"``([^`]+)``", line):
                link_count += 1
                if not resolves(link, types, members):
                    bad_links.append(f"{where}: ``{link}`` names nothing in TouchKit")
            for name in re.findall(r"<doc:([^>#]+)", line):
                link_count += 1
                if name not in article_names:
                    bad_links.append(f"{where}: <doc:{name}> names no article of the catalogue")
    if not articles:
        bad_links.append(f"{CATALOGUE.relative_to(ROOT)}: no articles found")

    for problem in undocumented:
        print(f"undocumented: {problem}")
    for problem in bad_links:
        print(f"bad link: {problem}")
    print(f"{len(public) - len(undocumented)} of {len(public)} public/open declarations documented; "
          f"{link_count - len(bad_links)} of {link_count} links (in doc comments and "
          f"{len(articles)} articles) resolve")
    return 1 if undocumented or bad_links else 0


def resolves(link, types, members):
    """Whether a DocC link names a type, or a member of a type, declared in TouchKit."""
    parts = link.split("/")
    if parts[0] == MODULE and len(parts) > 1:
        parts = parts[1:]
    # Drop DocC's disambiguation suffixes: `touches(for:)-(View)`, `convert(_:to:)->Point`,
    # `-swift.property`, `-1abc`.
    parts = [re.sub(r"(?:-\(.*\)|->[\w.<>\[\]?]+|-[\w.]+)$", "", part) for part in parts]
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
