from rt import *
n = "b301_eqx_diffusion_loss"; m, _, _ = load(n, key_reuse=True)
model = m.Denoiser(mlp=m.eqx.nn.MLP(3, 3, 8, 2, key=jax.random.key(1)))
e = raises(m.loss_and_grad, model, jnp.ones((4, 3)), jax.random.key(0))
verdict(n, key_reuse_error(e), ename(e))
