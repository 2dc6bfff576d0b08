"""The memory of answers the computers' searches and the legal moves share (rules.core.memo)."""

from __future__ import annotations

from rules.core.memo import Memo


def test_a_memo_works_an_answer_out_once_keeps_false_ones_and_forgets_all_at_its_limit() -> None:
    asked: list[int] = []

    def work(n: int) -> bool:
        asked.append(n)
        return n % 2 == 0

    memo: Memo[int, bool] = Memo(3)
    assert [memo.get(n, lambda n=n: work(n)) for n in (1, 2, 1, 2, 3)] == [False, True, False, True, False]
    assert asked == [1, 2, 3]  # a False answer is kept like any other
    memo.get(4, lambda: work(4))  # the fourth key: the three kept are forgotten first
    memo.get(1, lambda: work(1))
    assert asked == [1, 2, 3, 4, 1]
