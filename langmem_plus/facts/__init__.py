"""Facts: ``FactMemory`` and everything it decides with, over any LangGraph ``BaseStore``.

Modules:
    memory        ``FactMemory``: remember, recall, show, correct and forget (sync and async)
    planner       every ``FactMemory`` operation as a plan that does no I/O
    policy        the write policy: accept, reconfirm, supersede or reject a candidate
    retrieval     the retrieval policy: scope, profile, relevance floor, budget
    profile       the always-on profile and how it is rendered
    models        ``Fact`` and ``CandidateFact``
    layout        where each row of a user lives in the store
    recall_cache  the decoded current facts held between recalls
    text_rules    the text rules the policies and the extractor share
    locks         one writer per user (threads, tasks, and processes on a server)
    do_not_store  the per-user "do not store" topics
"""
