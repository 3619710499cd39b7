"""The package's surface: every public function has a docstring (theory functions: formula and
domain).  The package's types (annotations, the generated stub of the compiled module): test_typing.py."""

import lilucb


def test_every_public_function_has_a_docstring():
    for name in lilucb.__all__:
        obj = getattr(lilucb, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__.strip()) > 20, name


def test_help_states_formula_and_domain():
    doc = lilucb.lil_bound.__doc__
    assert "(1+sqrt(eps)) sqrt(2 sigma^2 (1+eps) t log(log((1+eps) t + c)/delta))" in doc
    assert "Domain: t >= 1" in doc and "Lemma lem:lil" in doc
    for name in ("lil_width", "lil_failure_probability", "ls_bound", "rho", "gamma", "kappa", "a_min",
                 "theorem_failure_bound", "lemma1_bound", "farrell_lower_bound", "params", "certified_setting",
                 "boundary", "boundary_radius", "boundary_tail_bound", "crossing_probability", "calibrate",
                 "characteristic_time", "characteristic_time_epsilon", "stitched_radius", "normal_mixture_radius", "glr_threshold_gaussian",
                 "kl_delta", "bai_lower_bound", "repaired_a_min", "repaired_failure_bound"):
        assert "Domain" in getattr(lilucb, name).__doc__, name
