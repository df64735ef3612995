from rt import *
import tempfile, os, pickle
n = "c104_checkpoint_save_outside_jit"; m, _, _ = load(n)
try:
    d = tempfile.mkdtemp()
    batches = [(jnp.ones((4, 3)), jnp.ones(4))] * 4
    p = m.train({"w": jnp.zeros(3), "b": jnp.zeros(())}, batches, d)
    files = sorted(os.listdir(d))
    ck = pickle.load(open(os.path.join(d, "ckpt_3.pkl"), "rb"))
    ok = files == ["ckpt_1.pkl", "ckpt_3.pkl", "log.json", "w.npy"] and ck["step"] == 3 and bool(jnp.allclose(ck["params"]["w"], p["w"]))
    verdict(n, not ok, f"files {files}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
