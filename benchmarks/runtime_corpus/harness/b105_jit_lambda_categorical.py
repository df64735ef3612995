from rt import *
n = "b105_jit_lambda_categorical"; m, _, _ = load(n)
toks = m.generate(lambda t: jnp.zeros(50), [0], 20)
verdict(n, len(set(toks[1:])) == 1, f"sampled {toks[1:8]}... from uniform logits over 50 tokens")
