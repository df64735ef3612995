"""Flow-insensitive facts about one file, computed before (or beside) the walk: its imports,
its functions (the index), name resolution, what is traced, classes, bindings, attributes.

Builders take the module's parts (module, index, resolver, traced) explicitly; facts.py
gathers them, memoised, as the file's one ModuleFacts.
"""
