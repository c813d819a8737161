"""Scheduled work: each federation's list publications, run idempotently by one process."""
