# Configure scratch builds with a python3 that has no glad first on PATH (issue 19, item 10).
# A plain configure must find an interpreter with glad by itself; naming the glad-less one
# must fail at configure time, saying what is needed.
# Run as: cmake -DSRC=<source dir> -DWORK=<scratch dir> -P glad_python.cmake

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bin)
# The fake interpreter fails every command, `-c "import glad"` included.
file(WRITE ${WORK}/fake/python3 "#!/bin/sh\necho 'No module named glad' >&2\nexit 1\n")
file(COPY ${WORK}/fake/python3 DESTINATION ${WORK}/bin
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE)
set(fake ${WORK}/bin/python3)
set(common -DTUMBLE_BUILD_TESTS=OFF -DTUMBLE_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Release)

execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "PATH=${WORK}/bin:$ENV{PATH}"
          ${CMAKE_COMMAND} -S ${SRC} -B ${WORK}/plain ${common}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "a plain configure with a glad-less python3 first on PATH failed:\n${out}")
endif()
file(STRINGS ${WORK}/plain/CMakeCache.txt chosen REGEX "^TUMBLE_GLAD_PYTHON:")
if(NOT chosen OR chosen MATCHES "${fake}")
  message(FATAL_ERROR "the configure chose '${chosen}', not an interpreter with glad")
endif()
message(STATUS "plain configure chose ${chosen}")

execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${WORK}/named ${common} -DPython3_EXECUTABLE=${fake}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "configuring with a glad-less Python3_EXECUTABLE succeeded")
endif()
string(REPLACE "\n" " " flat "${out}")
if(NOT flat MATCHES "needs a Python 3 with the glad module" OR NOT flat MATCHES "${fake}")
  message(FATAL_ERROR "the configure failed without the clear message:\n${out}")
endif()
file(REMOVE_RECURSE ${WORK})
