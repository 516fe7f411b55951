"""Engines execute the planner's calls on one kind of Qdrant: Edge in-process, or a client."""
