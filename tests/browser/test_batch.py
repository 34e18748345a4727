"""Many files at once: every file's state in its row and in the summary, Stop while they are read, and one
ZIP laid out as `pagefurniture FOLDER --out-dir OUT` writes it, with the same manifest as `--manifest`.
"""

from __future__ import annotations

import zipfile

from conftest import DATA, HOLD, boot, new_context


def test_a_stop_while_a_file_s_outputs_are_made_leaves_it_stopped_and_the_zip_whole(browser, base_url, tmp_path):
    context, recorder = new_context(browser, base_url)
    context.add_init_script(HOLD)
    try:
        page = boot(context, base_url)
        # The first file is read; its outputs are asked for and held back: Stop lands while they are made.
        page.evaluate("() => { window.__hold = (m) => m.type === 'outputs'; }")
        page.set_input_files("#file", [str(DATA / "annual-report.pdf"), str(DATA / "japanese.pdf")])
        page.wait_for_function("() => window.__held() === 1", timeout=120_000)
        page.click("#cancel")
        page.evaluate("window.__release()")  # what was held goes to a worker that is gone
        rows = page.locator("#file-list tbody tr")
        assert [rows.nth(i).get_attribute("data-status") for i in range(2)] == ["stopped", "stopped"]
        assert page.locator("#zip").is_disabled()
        # Read again, it is whole, and the ZIP holds its outputs.
        rows.nth(0).locator("button", has_text="Read it").click()
        page.wait_for_selector('#file-list tr[data-status="done"]', state="attached", timeout=120_000)
        with page.expect_download() as info:
            page.click("#zip")
        info.value.save_as(tmp_path / "all.zip")
        names = zipfile.ZipFile(tmp_path / "all.zip").namelist()
        assert {"annual-report.clean.txt", "annual-report.report.json"} <= set(names)
        assert page.inner_text("#zip-status").startswith("1 file")
        recorder.assert_private()
    finally:
        context.close()
