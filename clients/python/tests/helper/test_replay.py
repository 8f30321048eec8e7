"""A capture as a test: the helper replays a capture file against its server and fails on any
reply that differs. The capture is the BloggyAppy examples' traffic recorded in front of a real
Cassandra 1.2.9 (tests/data/capture/real-1.2.9.capture of the repository, copied beside this
file by scripts/run-testing-helper.sh)."""

import os

import pytest

from supercolumn_testing import Supercolumn, SupercolumnError

CAPTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-1.2.9.capture")


def test_the_captured_release_answers_every_call_as_captured():
    with Supercolumn(release="1.2.9") as sc:
        report = sc.assert_replays(CAPTURE)
        assert report["calls"] > 0
        assert report["identical"] == report["calls"]


def test_a_server_answering_otherwise_fails_the_assertion_naming_the_call():
    # The default emulation lists its own system keyspaces, which 1.2.9 did not have.
    with Supercolumn() as sc:
        with pytest.raises(AssertionError) as failed:
            sc.assert_replays(CAPTURE)
        assert "describe_keyspaces" in str(failed.value)
        report = sc.replay(CAPTURE)
        assert 0 < report["different"] < report["calls"]


def test_a_file_that_is_no_capture_is_an_error_not_a_difference(tmp_path):
    bad = tmp_path / "bad.capture"
    bad.write_text("not json\n")
    with Supercolumn() as sc:
        with pytest.raises(SupercolumnError) as failed:
            sc.replay(str(bad))
        assert "not a capture file" in str(failed.value)
