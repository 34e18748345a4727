"""The command line options that overrule decisions, and the command that repeats a Report's choices.

Kept apart from ``cli`` (which imports argparse) so that the web page can show the command without
loading the command line's modules.
"""

from __future__ import annotations

import shlex

from .report import Report

# Each option by the name of the ``Report.choose`` argument it fills.
OPTIONS = {"keep": "--keep", "remove": "--remove", "keep_lines": "--keep-line", "remove_lines": "--remove-line"}


def command(report: Report, pdf: str | None = None) -> str:
    """The command line that gives ``report``'s outputs from its PDF: the choices made in it as options.

    >>> from pagefurniture import analyze
    >>> report = analyze("site/sample.pdf")
    >>> command(report.choose(keep=[0], remove_lines=[(2, 3), (1, 0)]), "my report.pdf")
    "pagefurniture 'my report.pdf' --keep 0 --remove-line 1:0 --remove-line 2:3"
    """
    argv = ["pagefurniture", pdf or report.name]
    for group in report.groups:
        if group.decided_by == "user":
            argv += [OPTIONS["remove" if group.remove else "keep"], str(group.id)]
    for name, lines in (("keep_lines", report.keep_lines), ("remove_lines", report.remove_lines)):
        for page, index in sorted(lines):
            argv += [OPTIONS[name], f"{page}:{index}"]
    return shlex.join(argv)
