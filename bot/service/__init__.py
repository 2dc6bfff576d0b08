"""The table service, without Discord: opening, joining and starting tables, a move read, checked,
applied and stored in one trip (`table`), what each seat sees that the table does not
(`seat_views`), the hall of fame (`fame`), and the pool that draws pictures off the event loop
(`painter`). The command line, the Discord side and the tests all use it directly."""
