# expect: none
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def predict(params, x):
    return jnp.argmax(x @ params, axis=-1)


def decode_predictions(params, x, vocab, unknown_rows):
    ids = predict(params, x)
    tokens = ids.tolist()
    for r in unknown_rows:
        tokens[r] = -1
    probs = np.array(jax.nn.softmax(x @ params))
    probs[:, 0] = 0.0
    words = list(np.asarray(ids))
    words[0] = vocab[0]
    return tokens, probs, words
