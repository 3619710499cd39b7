// Anchor of the tests precompiled header (test_pch.hpp); contains nothing else.
