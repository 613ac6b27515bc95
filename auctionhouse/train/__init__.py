"""Self-play training of learned bots (`auctionhouse train`): PyTorch lives here and only here.

`net` holds the network, `league` the opponents a learner meets, `rollout` plays batches of
games with the learner's seats decided together, `ppo` the update, `run` the loop with its
checkpoints, curves and progress. The result is a policy file that `auctionhouse.bots.learned`
plays with numpy.
"""
