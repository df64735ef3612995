from rt import *
n = "c105_key_passed_split_top_level"; m, e, _ = load(n, key_reuse=True)
toks = m.tokens if e is None else []
verdict(n, e is not None or len(set(toks[1:])) < 5, f"{ename(e)} sampled {toks[1:8]}")
