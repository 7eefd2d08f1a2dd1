"""The request's words: its catalogue bound once a request, then every string read from it.

Flask-Babel's own `gettext` finds the request context, the locale and the catalogue again
for every string it says, a dozen context lookups each; a game page says about a hundred.
Here the first string of a request finds them once and binds them to the request (a
context variable, let go of when the request ends); every later `gettext` of the request,
in Python and in the templates, reads the bound catalogue while Flask-Babel's locale for
the request is still the one it was bound with (Flask-Babel's `force_locale` puts another
for a block: the strings said in it are looked up, and the bound one is read again once the
block has put the first back). Same semantics as Flask-Babel's functions (their `%`
formatting, `num` for plurals); outside a request, Flask-Babel's own look-up (English as
written outside an app context). All of scorepad imports its gettext from here
(tests/test_language.py checks).

The templates' `_`, `gettext`, `ngettext` and `pgettext` are Jinja's newstyle gettext
(the string escaped as Markup in an escaped template, then `%` its variables) said in one
call: Jinja's own go through three (`_` resolving `gettext`, which calls the catalogue's).
And a template is compiled once for each language it is drawn in (`SpokenEnvironment`: an
overlay of the app's environment a language, each with its own templates), its words
without variables (`_('Save bids')`) said when it is compiled, as the text around them: a
page draws them at no cost, as if written in its language. Words with variables
(`_('Fix hand %(number)s', number=n)`) are found when compiled too, and only their
variables put in when drawn: straight into the page, as if the template said `Arreglar la
mano {{ n }}`; inside an expression, by the same `%`, escaping each. Counted words and a context's
are said when drawn, as above. A language without a catalogue (English, the language the
words are written in) says every string as written, with no look-up. A language's
catalogue is fixed for a process (compiled at install), so a template compiled in it holds
its words for good.

Kept, and what keys them (nothing invalidates them: a process's catalogues never change):
the request's words, in a context variable let go of when the request ends; each
language's catalogue as Flask-Babel loaded it, with what each string (and count) said in
Python says in it (at most `SAID_KEPT`, then found again), by the app
(`app.extensions[LOADED]`) and the language's code; each language's overlay of templates,
by the environment and the code (`SpokenEnvironment.languages`), bounded by the languages
offered.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import Flask, current_app, g, has_request_context
from flask.templating import Environment
from flask_babel import force_locale
from flask_babel.speaklater import LazyString
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.utils import pass_context
from jinja2.visitor import NodeTransformer
from markupsafe import Markup

ENGLISH = Locale("en")
__all__ = [
    "force_locale",
    "gettext",
    "lazy_gettext",
    "lazy_ngettext",
    "locale",
    "locale_code",
    "ngettext",
    "npgettext",
    "pgettext",
]


@dataclass(frozen=True)
class _Bound:
    """A request's catalogue, the locale it is for, and Flask-Babel's namespace for the
    request, where its `force_locale` puts another locale."""

    space: SimpleNamespace
    spoken: Locale
    words: NullTranslations
    code: str  # the locale as a key ("es"): kept pages and chips are drawn once a language
    as_written: bool = False  # no catalogue: every string is said as written (English)
    said: dict[Any, str] = field(default_factory=dict)  # the language's words, as found


SAID_KEPT = 4096  # a language's words found, by string (and count); past this, found again


def _found(bound: _Bound, key: Any, said: str) -> str:
    """`said` kept as what `key` says in the bound language (a catalogue never changes)."""
    if len(bound.said) >= SAID_KEPT:
        bound.said.clear()
    bound.said[key] = said
    return said


_bound: ContextVar[_Bound | None] = ContextVar("scorepad_words", default=None)
LOADED = "scorepad.catalogues"  # the app's extension: each language's catalogue, by code


def _current() -> _Bound | None:
    """The request's bound words while its locale is the one they were bound with."""
    bound = _bound.get()
    if bound is not None and bound.space.babel_locale is bound.spoken:
        return bound
    return None


def translations() -> NullTranslations:
    """This request's catalogue: the bound one, else found (and bound, in a request)."""
    bound = _current()
    if bound is not None:
        return bound.words
    spoken = flask_babel.get_locale()  # None outside an app context
    if spoken is None:
        return flask_babel.get_translations()
    # each language's catalogue as Flask-Babel loaded it, kept by the app by its code
    # (Flask-Babel's own look-up finds the request, the app and the locale again)
    loaded: dict[str, tuple[NullTranslations, dict[Any, str]]]
    loaded = current_app.extensions.setdefault(LOADED, {})
    code = str(spoken)
    kept = loaded.get(code)
    if kept is None:
        kept = loaded[code] = (flask_babel.get_translations(), {})
    found, said = kept
    if has_request_context() and _bound.get() is None:
        # Flask-Babel's namespace of this request, made by get_locale above
        as_written = not getattr(found, "files", True)  # no catalogue file was loaded
        _bound.set(_Bound(g._flask_babel, spoken, found, code, as_written, said))
    return found


def _let_go(_error: BaseException | None = None) -> None:
    """The request ended: its words are bound no longer."""
    _bound.set(None)


def locale() -> Locale:
    """This request's locale as Babel's object (English outside a request)."""
    bound = _current()
    if bound is None:
        translations()  # found and bound, in a request
        bound = _current()
    if bound is not None:
        return bound.spoken
    return flask_babel.get_locale() or ENGLISH


def locale_code() -> str:
    """The language of this request's words, as a key for what is drawn once and kept."""
    bound = _current()
    return bound.code if bound is not None else str(locale())


def gettext(string: str, **variables: Any) -> str:
    """The string in the request's language, `%(name)s` filled from `variables`."""
    bound = _bound.get()  # _current() written out: a page says some hundred strings
    if bound is None or bound.space.babel_locale is not bound.spoken:
        said = translations().ugettext(string)
    elif bound.as_written:
        said = string
    else:
        said = bound.said.get(string) or _found(bound, string, bound.words.ugettext(string))
    return said % variables if variables else said


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural form for `num`, which `%(num)d` may show."""
    variables.setdefault("num", num)
    bound = _bound.get()  # as gettext
    if bound is None or bound.space.babel_locale is not bound.spoken:
        return translations().ungettext(singular, plural, num) % variables  # type: ignore[no-any-return]
    if bound.as_written:  # gettext's own forms without a catalogue
        return (singular if num == 1 else plural) % variables
    key = (singular, plural, num)
    said = bound.said.get(key) or _found(bound, key, bound.words.ungettext(singular, plural, num))
    return said % variables


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """ngettext's forms as said in `context`."""
    variables.setdefault("num", num)
    return translations().unpgettext(context, singular, plural, num) % variables  # type: ignore[no-any-return]


def pgettext(context: str, string: str, **variables: Any) -> str:
    """The string as said in `context` (the same English, two meanings)."""
    said = translations().upgettext(context, string)
    return said % variables if variables else said  # type: ignore[no-any-return]


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """gettext said when the string is used (a form's label, defined at import)."""
    return LazyString(gettext, string, **variables)


def lazy_ngettext(singular: str, plural: str, num: int, **variables: Any) -> LazyString:
    """ngettext said when the string is used."""
    return LazyString(ngettext, singular, plural, num, **variables)


@pass_context
def _template_gettext(context: Context, string: str, **variables: Any) -> str:
    said = translations().ugettext(string)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables


@pass_context
def _template_ngettext(
    context: Context, singular: str, plural: str, num: int, **variables: Any
) -> str:
    variables.setdefault("num", num)
    said = translations().ungettext(singular, plural, num)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables  # type: ignore[no-any-return]


@pass_context
def _template_pgettext(context: Context, where: str, string: str, **variables: Any) -> str:
    variables.setdefault("context", where)
    said = translations().upgettext(where, string)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables  # type: ignore[no-any-return]


SAID = ("_", "gettext")  # the templates' names of gettext, as Babel extracts them


class SpokenCode(CodeGenerator):
    """Jinja's code generator, but `_('words')` of a language's templates (no variables)
    is compiled to the words in that language, Markup in an escaped template (what the
    newstyle gettext would return when drawn, found once): a constant, so Jinja writes it
    into the template's text around it. A template that binds `_` or `gettext` itself (a
    loop's name, a macro's argument) is compiled as Jinja would."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        words = getattr(self.environment, "spoken_words", None)
        if words is not None and not _binds_said(node):
            node = _SaidWhenCompiled(words, _escaped(self.environment, self.name, node)).visit(node)
        super().visit_Template(node, frame)


def _escaped(environment: Any, name: str | None, template: nodes.Template) -> bool:
    """Whether the whole template is drawn escaped, known when it is compiled (False: not,
    or it changes as it goes, with an `{% autoescape %}` block)."""
    if template.find(nodes.ScopedEvalContextModifier) or template.find(nodes.EvalContextModifier):
        return False
    return bool(EvalContext(environment, name).autoescape)


# A `%(name)s` of words with variables; any other `%` but `%%` is drawn as Jinja would.
_NAMED_S = re.compile(r"%\((\w+)\)s")
_OTHER = re.compile(r"%(?!\(\w+\)s|%)")


def _binds_said(template: nodes.Template) -> bool:
    """Whether the template gives `_` or `gettext` a meaning of its own anywhere."""
    bound = {n.name for n in template.find_all(nodes.Name) if n.ctx != "load"}
    bound |= {n.target for n in template.find_all(nodes.Import)}
    for found in template.find_all(nodes.FromImport):
        bound |= {name if isinstance(name, str) else name[-1] for name in found.names}
    return bool(bound & set(SAID))


class _SaidWhenCompiled(NodeTransformer):
    """Each `_('words')` (one constant) made the words in the language, and each
    `_('words %(n)s', n=...)` the words in the language `%` its variables."""

    def __init__(self, words: NullTranslations, escaped: bool = False) -> None:
        self.words = words
        self.escaped = escaped  # the template is drawn escaped throughout

    def _said(self, node: nodes.Call) -> str | None:
        """The words of `_('words', ...)` in the language (one constant string; no `*`
        or `**` arguments); None for any other call."""
        if not isinstance(node.node, nodes.Name) or node.node.name not in SAID:
            return None
        if node.dyn_args or node.dyn_kwargs or len(node.args) != 1:
            return None
        text = node.args[0]
        if not isinstance(text, nodes.Const) or not isinstance(text.value, str):
            return None
        return str(self.words.ugettext(text.value))

    def _placed(self, node: nodes.Call, said: str) -> bool:
        """Whether every placeholder of the words is a `%(name)s` given a value, in a
        template drawn escaped throughout: each value can be escaped on its own."""
        placed = set(_NAMED_S.findall(said))
        return self.escaped and placed <= {k.key for k in node.kwargs} and not _OTHER.search(said)

    def visit_Output(self, output: nodes.Output) -> nodes.Node:
        """`{{ _('Hand %(number)s', number=n) }}` drawn as if written in the language
        (`Mano {{ n }}`): the words around the variables are the template's own text, and
        each variable is drawn as any `{{ }}` is, escaped. Other children as below."""
        children: list[nodes.Expr] = []
        for child in output.nodes:
            said = self._said(child) if isinstance(child, nodes.Call) else None
            if (
                not isinstance(child, nodes.Call)
                or said is None
                or not child.kwargs
                or not self._placed(child, said)
            ):
                children.append(cast(nodes.Expr, self.visit(child)))
                continue
            call = cast(nodes.Call, self.generic_visit(child))  # the variables' own words
            values = {k.key: k.value for k in call.kwargs}
            for at, part in enumerate(_NAMED_S.split(said)):
                if at % 2:  # a placeholder's name
                    children.append(values[part])
                elif part:
                    children.append(nodes.TemplateData(part.replace("%%", "%")))
        output.nodes = children
        return output

    def visit_Call(self, call: nodes.Call) -> nodes.Node:
        node = cast(nodes.Call, self.generic_visit(call))  # the variables' own expressions first
        said = self._said(node)
        if said is None:
            return node
        lineno = node.lineno
        if not node.kwargs:
            try:
                said %= {}
            except (KeyError, TypeError, ValueError):  # a placeholder with no value: drawn
                return node
            return nodes.MarkSafeIfAutoescape(nodes.Const(said), lineno=lineno)
        # words with variables inside an expression (an argument, a filter's): the words
        # found now, their variables put in when drawn, escaped as the newstyle gettext
        # does (Markup's `%` escapes each value). Words whose every placeholder is a
        # `%(name)s` given a value: each value escaped as it is put in (what Markup's `%`
        # does, without its helper object a value), the whole then Markup.
        if self._placed(node, said):
            placed = set(_NAMED_S.findall(said))
            escaped = [
                nodes.Pair(
                    nodes.Const(k.key),
                    nodes.Filter(k.value, "escape", [], [], None, None, lineno=lineno)
                    if k.key in placed
                    else k.value,
                    lineno=lineno,
                )
                for k in node.kwargs
            ]
            filled = nodes.Mod(nodes.Const(said), nodes.Dict(escaped, lineno=lineno), lineno=lineno)
            return nodes.MarkSafe(filled, lineno=lineno)
        variables = nodes.Dict(
            [nodes.Pair(nodes.Const(k.key), k.value, lineno=lineno) for k in node.kwargs],
            lineno=lineno,
        )
        return nodes.Mod(
            nodes.MarkSafeIfAutoescape(nodes.Const(said), lineno=lineno), variables, lineno=lineno
        )


class _Globals(dict[str, Any]):
    """A template's globals (its own over the environment's) as one dict, made when the
    template is loaded. Jinja makes them a ChainMap, which Python works through a name at
    a time: each page copied every global out of it (`new_context`, `dict(globals)`), one
    `__getitem__` a name and a KeyError raised and caught per map lacking it, and each
    `{% from ... import %}` took its key view one name at a time. A dict is copied and
    compared at once. The environment's globals are all set before the first page is
    drawn (scorepad's `_template_helpers` and each extension's `init_app`, all Flask setup,
    which Flask refuses after the first request; Jinja's docs ask for no change to them
    after a template is loaded): a template's are read when it is loaded, not again."""


class SpokenEnvironment(Environment):
    """Flask's template environment, whose templates are found in the request's language:
    each language has an overlay of it (the same loader, globals and filters; its own
    templates, compiled by `SpokenCode` with that language's words). A template's globals
    are a `_Globals`: one dict of the environment's and its own."""

    code_generator_class = SpokenCode
    spoken_words: NullTranslations | None = None  # a language's overlay: its catalogue

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        found = _Globals(self.globals)
        found.update(d or {})
        return found

    def __init__(self, app: Flask, **options: Any) -> None:
        super().__init__(app, **options)
        self.languages: dict[str, SpokenEnvironment] = {}  # shared with the overlays

    def spoken(self) -> SpokenEnvironment:
        """The overlay of the request's language (made on the first page drawn in it)."""
        if self.spoken_words is not None:
            return self
        code = locale_code()
        found = self.languages.get(code)
        if found is None:
            found = self.overlay()
            found.spoken_words = translations()
            self.languages[code] = found
        return found

    def get_template(self, *args: Any, **kwargs: Any) -> Any:
        return super(SpokenEnvironment, self.spoken()).get_template(*args, **kwargs)

    def select_template(self, *args: Any, **kwargs: Any) -> Any:
        return super(SpokenEnvironment, self.spoken()).select_template(*args, **kwargs)

    def get_or_select_template(self, *args: Any, **kwargs: Any) -> Any:
        return super(SpokenEnvironment, self.spoken()).get_or_select_template(*args, **kwargs)

    def from_string(self, *args: Any, **kwargs: Any) -> Any:
        return super(SpokenEnvironment, self.spoken()).from_string(*args, **kwargs)


def init_app(app: Flask) -> None:
    """The templates' `_`, `gettext`, `ngettext` and `pgettext` read the request's bound
    catalogue too (in place of the ones Flask-Babel installed, which look it up each time),
    and a request's words are let go of when it ends. No context processor: every page's
    data comes from its view (tests/test_page_models.py)."""
    app.jinja_env.globals.update(
        _=_template_gettext,
        gettext=_template_gettext,
        ngettext=_template_ngettext,
        pgettext=_template_pgettext,
    )
    app.extensions[LOADED] = {}
    app.teardown_request(_let_go)
