from rt import *
from flax import nnx
n = "c301_rngs_nnx_passed_to_two_builders"; m, _, _ = load(n)
enc, dec, _ = m.build_autoencoder(nnx.Rngs(0), 4, 4)
w_enc = np.asarray(enc.layers[0].kernel.value); w_dec = np.asarray(dec.kernel.value)
verdict(n, np.allclose(w_enc, w_dec), f"encoder/decoder kernels differ: {not np.allclose(w_enc, w_dec)} (nnx.Rngs advances its stream)")
