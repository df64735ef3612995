from rt import *
n = "b101_method_class_global"; m, _, _ = load(n)
c = m.Classifier(jnp.ones(2))
x = jnp.array([[0.4, 0.4]])
c.predict(x)
m.set_threshold(1.0)
got = c.predict(x)
verdict(n, float(got[0]) != 0.0, f"got {float(got[0])} expected 0.0 (0.8 > 1.0 false)")
