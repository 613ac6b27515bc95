"""`python -m auctionhouse`: the command line, as the `auctionhouse` script runs it."""

from .cli import main

if __name__ == "__main__":  # not when a worker process (spawned) imports it
    main()
