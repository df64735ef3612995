# "ConcretizationTypeError in jax.nn.one_hot inside my jitted loss"
import jax
import jax.numpy as jnp


def cross_entropy(logits, labels, num_classes):
    onehot = jax.nn.one_hot(labels, num_classes)  # expect: JXP402
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))


loss_fn = jax.jit(cross_entropy)
