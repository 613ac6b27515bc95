"""The balance lab: many games played on the arena's backends, facts of each finished game folded
into small aggregates in the workers, statistics with intervals and tests, comparisons of two
variants, figures and a self-contained HTML report (`auctionhouse study`, docs/study.md)."""
