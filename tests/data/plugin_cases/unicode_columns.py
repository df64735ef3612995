import jax

# columns count characters, not bytes: the non-ASCII names must not shift them
def f(λ, データ):
    λ.at[0].set("é")
    データ.at[0].set(1)
    return λ, データ
