# ctest python_install_import: install only the Python component into PREFIX, then import the
# package from there (PYTHONPATH names the install directory; the build tree is not on the path).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --component python
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install --component python failed (${rc})")
endif()
set(ENV{PYTHONPATH} ${PREFIX}/${SUBDIR})
execute_process(COMMAND ${PYTHON} -c
  "import lilucb, os; assert lilucb.__file__.startswith(os.environ['PYTHONPATH']), lilucb.__file__; print(lilucb.__file__, lilucb.lil_bound(t=1000, eps=0.01, delta=1e-3, sigma=0.5), lilucb.boundary_radius('stitched', t=1000, alpha=0.05))"
  WORKING_DIRECTORY ${PREFIX} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "import lilucb from ${PREFIX}/${SUBDIR} failed (${rc})")
endif()
