"""Benchmarks: run each as ``python -m benchmarks.<name>`` from the repository root."""
