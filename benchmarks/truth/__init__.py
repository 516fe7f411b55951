"""Truth benchmark: does the memory a model is given stay true over many sessions?

Run from the repository root::

    python -m benchmarks.truth                  # 200 users, seed 0 (a few minutes)
    python -m benchmarks.truth --users 20 --seed 3
    python -m benchmarks.truth --quick          # 12 users, results in truth_quick.json

Modules: ``generator`` (seeded conversations with their truth), ``embeddings`` (the lexical
hashing embedding every vector path uses), ``baselines`` (vector top-k on InMemoryStore,
append-only log), ``runner`` (the real graph and the baselines, turn by turn), ``scoring``
(the figures), ``report`` (tables, JSON, docs).
"""
