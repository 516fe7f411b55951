"""Truth benchmark: does the memory a model is given stay true over many sessions?

Run from the repository root::

    python -m benchmarks.truth                  # tuning split, default extractor, 200 users
    python -m benchmarks.truth --users 20 --seed 3
    python -m benchmarks.truth --quick          # 12 users, results in truth_quick.json
    python -m benchmarks.truth --split both --mode all           # issue 12: both splits,
    python -m benchmarks.truth --split heldout --mode all --quick  # every mode, baselines
    python -m benchmarks.truth --split both --mode all --dense-model minilm --calibrate

Modules: ``generator`` (the **tuning split**: seeded conversations with their truth),
``tuning`` (its perfect candidates and slips), ``heldout_v4`` (the **held-out split**, in
two blind halves ``heldout_v4_a`` and ``heldout_v4_b``: see its docstring for the
discipline), ``heldout_v1``, ``heldout_v2`` and ``heldout_v3`` (the first three held-out
splits, retired and now tuning material: splits ``retired``, ``retired_v2`` and
``retired_v3``), ``conversations``
(the types they are all written in), ``heldout_run`` (running and scoring it), ``modes``
(default / perfect / slips extractors and the recording wrappers), ``embeddings`` (the
lexical hashing embedding every vector path uses, and MiniLM with the ``bench-dense``
extra), ``baselines`` (vector top-k, append-only log, profile + vector top-k with updates),
``runner`` (the real graph and the baselines, turn by turn), ``scoring`` (the tuning
figures), ``splits`` (both splits, every mode, and their docs block), ``report`` (the
original tables, JSON, docs).
"""
