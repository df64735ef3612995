"""``jaxpure server``: a Language Server over stdio (needs the ``lsp`` extra: pygls, lsprotocol).

- Diagnostics when a document is opened, changed and saved: code, severity, range, message
  and a ``codeDescription`` link to the rule's documentation (``<docs url>#jxp301``; the base
  is ``--docs-url`` or the ``docsUrl`` initialization option, "" for none).
- Code actions: a finding's fix (safe; unsafe ones say so in the title), ``# noqa: CODE`` on
  its line, and ``source.fixAll.jaxpure`` for every safe fix of the document.
- Hover over a finding (or over a code written in a comment) shows the rule's documentation.
- Settings: the configuration ``jaxpure check`` would use for the file (``[tool.jaxpure]``),
  re-read when it changes; analysis across modules from the open documents and the seeds
  the last ``jaxpure check`` recorded in the project's cache (see lsp_workspace.py).

This is the only module that imports pygls; it never imports jax. Documents are synced in
full (one text per change): pygls applies incremental changes with ``str.splitlines``,
which splits lines at more characters than LSP and libcst do.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from jaxpure import __version__
from jaxpure.findings import FileResult, Finding
from jaxpure.lsp_actions import FIX_ALL_KIND, code_actions
from jaxpure.lsp_analysis import Lines, diagnostics, hover
from jaxpure.lsp_workspace import CONFIG_FILE_NAMES, OpenModule, Project, Projects, live_seeds

logger = logging.getLogger("jaxpure.server")
# Rounds of re-analysis when one open document's summary changes another's seeds (as
# jaxpure.runner.MAX_PROJECT_ROUNDS): a chain of helpers across three modules settles in two.
MAX_RESEED_ROUNDS = 3


@dataclass(frozen=True)
class Analysis:
    """The findings of one version of a document, and what they were computed from."""

    version: int | None
    lines: Lines
    result: FileResult

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.result.findings


class JaxpureServer(LanguageServer):
    def __init__(self, docs_url: str | None) -> None:
        super().__init__("jaxpure", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.docs_url = docs_url or None
        self.projects = Projects()
        self.analyses: dict[str, Analysis] = {}
        self.modules: dict[str, OpenModule] = {}
        self.roots: dict[str, Path] = {}  # uri -> the root of its project
        self._reported_errors: set[str] = set()

    # -- setup ------------------------------------------------------------------------
    def start_workspace(self, params: types.InitializeParams) -> None:
        options = params.initialization_options
        if isinstance(options, dict) and isinstance(options.get("docsUrl"), str):
            self.docs_url = options["docsUrl"] or None
        folders = [Path(path) for folder in params.workspace_folders or ()
                   if (path := _fs_path(folder.uri)) is not None]
        if not folders and self.workspace.root_path:
            folders = [Path(self.workspace.root_path)]
        self.projects = Projects(folders)
        from jaxpure.fastimport import import_engine

        cache_dir = self.projects.for_file(str(folders[0] / "_")).cache_dir if folders else None
        import_engine(cache_dir if cache_dir is not None and cache_dir.is_dir() else None)

    # -- analysis ---------------------------------------------------------------------
    def encoding(self) -> str:
        value = self.workspace.position_encoding or "utf-16"
        return str(getattr(value, "value", value))

    def path_of(self, uri: str) -> str:
        path = _fs_path(uri)
        if path is not None:
            return path
        # an unsaved buffer: configured as if it lived in the first workspace folder
        base = self.projects.folders[-1] if self.projects.folders else Path.cwd()
        return str(base / "untitled.py")

    def analyse(self, uri: str) -> Analysis | None:
        """Analyse the document's current text, publish its diagnostics, then re-analyse the
        open documents whose seeds that changed."""
        analysis = self._analyse_one(uri)
        if analysis is not None:
            self.publish(uri, analysis)
            self.reseed(self.roots.get(uri))
        return analysis

    def _analyse_one(self, uri: str, seeds: tuple | None = None) -> Analysis | None:
        document = self.workspace.get_text_document(uri)
        text = document.source
        path = self.path_of(uri)
        project = self.projects.for_file(path)
        self._report_config_error(project)
        info = self.projects.file_info(project, path)
        module = self.modules.get(uri)
        if module is None or module.info != info:
            module = self.modules[uri] = OpenModule(info)
        self.roots[uri] = project.root
        if seeds is None:
            seeds = self._seeds_for(uri, project)
        from jaxpure.engine import analyze_source

        result = analyze_source(text, info.path, project.settings, relpath=info.relpath,
                                package=info.package, seeds=seeds)
        module.summary, module.seeds = result.summary, seeds
        analysis = Analysis(document.version, Lines(text, self.encoding()), result.result)
        self.analyses[uri] = analysis
        return analysis

    def _project_uris(self, root: Path | None) -> list[str]:
        return [uri for uri, known in self.roots.items() if known == root and uri in self.modules]

    def _seeds_for(self, uri: str, project: Project) -> tuple:
        uris = self._project_uris(project.root)
        seeds = live_seeds([self.modules[u] for u in uris], self.projects.saved_seeds(project))
        return seeds[uris.index(uri)] if uri in uris else ()

    def reseed(self, root: Path | None) -> None:
        """Re-analyse the open documents of a project whose seeds changed (see runner.run)."""
        if root is None:
            return
        for _ in range(MAX_RESEED_ROUNDS):
            uris = self._project_uris(root)
            if not uris:
                return
            project = self.projects.for_file(self.path_of(uris[0]))
            wanted = live_seeds([self.modules[u] for u in uris], self.projects.saved_seeds(project))
            changed = [(u, s) for u, s in zip(uris, wanted) if s != self.modules[u].seeds]
            if not changed:
                return
            for uri, seeds in changed:
                analysis = self._analyse_one(uri, seeds)
                if analysis is not None:
                    self.publish(uri, analysis)

    def current(self, uri: str) -> Analysis | None:
        """The analysis of the document's current version (analysed now if it is stale)."""
        if uri not in self.modules:  # not open (or never analysed): nothing to act on
            return None
        document = self.workspace.get_text_document(uri)
        known = self.analyses.get(uri)
        if known is not None and known.version == document.version:
            return known
        return self.analyse(uri)

    def publish(self, uri: str, analysis: Analysis) -> None:
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=diagnostics(analysis.result, analysis.lines, self.docs_url),
            version=analysis.version))

    def forget(self, uri: str) -> None:
        root = self.roots.pop(uri, None)
        self.analyses.pop(uri, None)
        self.modules.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        self.reseed(root)

    def configuration_changed(self) -> None:
        self.projects.forget()
        for uri in list(self.modules):
            self.analyse(uri)

    def _report_config_error(self, project: Project) -> None:
        if project.error is None or project.error in self._reported_errors:
            return
        self._reported_errors.add(project.error)
        self.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Error,
            message=f"jaxpure: {project.error} (using the default settings until it is fixed)"))


def _fs_path(uri: str) -> str | None:
    if not uri.startswith("file:"):
        return None
    from pygls.uris import to_fs_path

    return to_fs_path(uri)


def build_server(docs_url: str | None) -> JaxpureServer:
    server = JaxpureServer(docs_url)

    @server.feature(types.INITIALIZE)
    def initialize(ls: JaxpureServer, params: types.InitializeParams) -> None:
        ls.start_workspace(params)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: JaxpureServer, params: types.DidOpenTextDocumentParams) -> None:
        _safely(ls, ls.analyse, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: JaxpureServer, params: types.DidChangeTextDocumentParams) -> None:
        await asyncio.sleep(0)  # let a newer change that is already queued replace this one
        uri = params.text_document.uri
        try:
            if ls.workspace.get_text_document(uri).version != params.text_document.version:
                return
        except Exception:  # noqa: BLE001 - closed meanwhile
            return
        _safely(ls, ls.analyse, uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(ls: JaxpureServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if os.path.basename(ls.path_of(uri)) in CONFIG_FILE_NAMES:
            _safely(ls, lambda _uri: ls.configuration_changed(), uri)
        elif uri in ls.modules:
            _safely(ls, ls.analyse, uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: JaxpureServer, params: types.DidCloseTextDocumentParams) -> None:
        _safely(ls, ls.forget, params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: JaxpureServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(os.path.basename(change.uri) in CONFIG_FILE_NAMES or "seeds.json" in change.uri
               for change in params.changes):
            _safely(ls, lambda _uri: ls.configuration_changed(), "")

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND]))
    def code_action(ls: JaxpureServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        analysis = _safely(ls, ls.current, params.text_document.uri)
        if analysis is None:
            return []
        return code_actions(params.text_document.uri, analysis.findings, analysis.lines,
                            params.range, params.context.only, ls.docs_url)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: JaxpureServer, params: types.HoverParams) -> types.Hover | None:
        analysis = _safely(ls, ls.current, params.text_document.uri)
        if analysis is None:
            return None
        return hover(analysis.findings, analysis.lines, params.position, ls.docs_url)

    return server


def _safely(ls: JaxpureServer, action, uri: str):
    """Run a handler's work; a bug of ours is logged to the client, never kills the server."""
    try:
        return action(uri)
    except Exception as error:  # noqa: BLE001
        logger.exception("jaxpure server: internal error")
        ls.window_log_message(types.LogMessageParams(
            type=types.MessageType.Error,
            message=f"jaxpure: internal error ({type(error).__name__}: {error}); please report it"))
        return None


def main(argv: Sequence[str] = ()) -> int:
    from jaxpure.output import RULE_DOCS_URL

    parser = argparse.ArgumentParser(prog="jaxpure server",
                                     description="Language Server for jaxpure over stdio.")
    parser.add_argument("--docs-url", default=RULE_DOCS_URL, metavar="URL",
                        help="base of the rule documentation links (anchors #jxp202 are "
                             f"appended; default {RULE_DOCS_URL}; '' for none)")
    parser.add_argument("--log-file", metavar="FILE", help="write the server's log to FILE")
    args = parser.parse_args(list(argv))
    if args.log_file:
        logging.basicConfig(filename=args.log_file, level=logging.INFO)
    server = build_server(args.docs_url)
    # A parse builds ~100k libcst objects; with the default thresholds the cyclic collector
    # then walks the long-lived heap (modules, the open documents' trees) many times per
    # change. The objects made so far are permanent; collect young ones less often.
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
    server.start_io(sys.stdin.buffer, sys.stdout.buffer)
    return 0
