"""auctionhouse: play, simulate and study auction board games."""

__version__ = "0.1.0"
