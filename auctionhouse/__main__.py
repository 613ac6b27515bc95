"""`python -m auctionhouse`: the command line, as the `auctionhouse` script runs it."""

from .cli import main

main()
