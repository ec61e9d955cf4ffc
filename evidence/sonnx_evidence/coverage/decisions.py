"""The structure of a decision, read from its source text: its conditions (given as spans) joined
by &&, || and !, with parentheses. From the structure follows where each condition's true and
false outcomes lead under C's short-circuit evaluation (the next condition evaluated, or the
decision's own outcome), and so how often the decision was true and false, from the counts of
its conditions that clang records. Text that is not such an expression is refused
(DecisionSyntaxError): the caller reports the decision as not understood, never as covered."""

OUT_TRUE = ("out", True)
OUT_FALSE = ("out", False)


class DecisionSyntaxError(ValueError):
    """The decision's text is not conditions joined by &&, || and ! with parentheses."""


def _tokens(text, leaves):
    """LEAF(i) for the i-th condition span, and the operators between them."""
    starts = {start: (i, end) for i, (start, end) in enumerate(leaves)}
    out = []
    pos = 0
    while pos < len(text):
        if pos in starts:
            i, end = starts[pos]
            out.append(("leaf", i))
            pos = end
            continue
        ch = text[pos]
        if ch.isspace():
            pos += 1
        elif text.startswith("&&", pos) or text.startswith("||", pos):
            out.append(("op", text[pos:pos + 2]))
            pos += 2
        elif ch in "!()":
            out.append(("op", ch))
            pos += 1
        else:
            raise DecisionSyntaxError(f"unexpected {text[pos:pos + 20]!r} outside the conditions")
    return out


class _Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, op):
        if self.peek() == ("op", op):
            self.pos += 1
            return True
        return False

    def disjunction(self):
        node = self.conjunction()
        while self.take("||"):
            node = ("or", node, self.conjunction())
        return node

    def conjunction(self):
        node = self.unary()
        while self.take("&&"):
            node = ("and", node, self.unary())
        return node

    def unary(self):
        if self.take("!"):
            return ("not", self.unary())
        if self.take("("):
            node = self.disjunction()
            if not self.take(")"):
                raise DecisionSyntaxError("unbalanced parentheses")
            return node
        token = self.peek()
        if token is None or token[0] != "leaf":
            raise DecisionSyntaxError(f"expected a condition, got {token}")
        self.pos += 1
        return token


def parse(text, leaves):
    """The expression tree of `text`, whose conditions are at the (start, end) offsets `leaves`
    (in source order)."""
    parser = _Parser(_tokens(text, leaves))
    tree = parser.disjunction()
    if parser.peek() is not None:
        raise DecisionSyntaxError(f"text left after the expression: {parser.tokens[parser.pos:]}")
    seen = sorted(_leaves(tree))
    if seen != list(range(len(leaves))):
        raise DecisionSyntaxError("the conditions do not each appear once")
    return tree


def _leaves(node):
    if node[0] == "leaf":
        return [node[1]]
    return [i for child in node[1:] for i in _leaves(child)]


def _first(node):
    while node[0] != "leaf":
        node = node[1]
    return ("leaf", node[1])


def exits(tree):
    """{condition: (where its true outcome leads, where its false outcome leads)}; a target is
    ("leaf", j) or OUT_TRUE / OUT_FALSE."""
    out = {}

    def walk(node, on_true, on_false):
        kind = node[0]
        if kind == "leaf":
            out[node[1]] = (on_true, on_false)
        elif kind == "not":
            walk(node[1], on_false, on_true)
        elif kind == "and":
            walk(node[1], _first(node[2]), on_false)
            walk(node[2], on_true, on_false)
        else:  # or
            walk(node[1], on_true, _first(node[2]))
            walk(node[2], on_true, on_false)

    walk(tree, OUT_TRUE, OUT_FALSE)
    return out


def outcome_counts(tree, counts):
    """(times true, times false) of the decision, from each condition's (true, false) counts."""
    result = {True: 0, False: 0}
    for i, (on_true, on_false) in exits(tree).items():
        for target, n in ((on_true, counts[i][0]), (on_false, counts[i][1])):
            if target[0] == "out":
                result[target[1]] += n
    return result[True], result[False]
