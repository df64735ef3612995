# expect: none
import jax
import jax.numpy as jnp
import numpy as np

imagenet_mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)
imagenet_std = np.array([0.229, 0.224, 0.225], dtype=np.float32)


@jax.jit
def preprocess(images):
    return (images - imagenet_mean) / imagenet_std
