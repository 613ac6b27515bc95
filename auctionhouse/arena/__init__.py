"""Simulation and tournaments: runners, statistics, benchmarks."""
