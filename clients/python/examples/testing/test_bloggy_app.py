"""An example test suite for bloggy_app.py with the supercolumn_testing helper: one throwaway
server per module with the BloggyAppy dataset loaded, reset before each test.

The helper is installed as a package (`pip install clients/python`), which makes its fixtures
`supercolumn` and `supercolumn_server` a pytest plugin; the application brings its own
generated Thrift client (`cassandra19`). The test command runs this suite the way an
application would: copied with its client into a directory outside the repository, in a fresh
virtual environment holding only the helper, pytest and thrift.
"""

import pytest

from bloggy_app import Blog
from cassandra19.ttypes import TimedOutException

SUPERCOLUMN_DATASETS = ["bloggy_authors.yaml"]  # relative to this file
AUTHOR = "Arin Sarkissian"


@pytest.fixture
def blog(supercolumn):
    b = Blog("127.0.0.1", supercolumn.port)
    yield b
    b.close()


def test_reads_the_dataset_at_quorum(blog, supercolumn):
    assert blog.author(AUTHOR)["email"] == "arin@example.com"
    calls = supercolumn.activity(method="get_slice")
    assert [c["consistency_level"] for c in calls] == ["QUORUM"]
    assert calls[0]["keyspace"] == "BloggyAppy" and calls[0]["column_family"] == "Authors"


def test_retries_a_timed_out_read(blog, supercolumn):
    rule = supercolumn.add_fault(method="get_slice", column_family="Authors", times=2, error="timed_out")
    assert blog.author(AUTHOR)["bio"] == "some bio"
    outcomes = [c["outcome"] for c in supercolumn.activity(method="get_slice")]
    assert outcomes == ["TimedOutException", "TimedOutException", "ok"]
    assert {c["consistency_level"] for c in supercolumn.activity(method="get_slice")} == {"QUORUM"}
    assert [f["hits"] for f in supercolumn.faults() if f["id"] == rule] == [2]


def test_gives_up_after_three_time_outs(blog, supercolumn):
    supercolumn.add_fault(method="get_slice", error="timed_out")
    with pytest.raises(TimedOutException):
        blog.author(AUTHOR)
    assert len(supercolumn.activity(method="get_slice")) == 3


def test_each_test_starts_from_the_dataset(blog, supercolumn):
    # A write here is gone in the next test: the fixture resets before each one.
    from cassandra19.ttypes import Column, ColumnParent, ConsistencyLevel

    blog.client.insert(b"Someone Else", ColumnParent("Authors"), Column(b"email", b"x@example.com", 1),
                       ConsistencyLevel.ONE)
    assert supercolumn.reset()["ok"] is True
    assert blog.author("Someone Else") == {}
