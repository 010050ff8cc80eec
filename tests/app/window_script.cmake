# A scripted-input window test, run with cmake -P: play SCRIPT in the window (under xvfb-run
# in CI) and pass when tumble's exit status is STATUS (default 0: every expectation held) and,
# if OUTPUT is given, its error output contains it.
# Without a window system tumble refuses a script (Dear ImGui would not get the pointer), and
# the test is skipped. It runs in WORK, a fresh folder holding a link to the scenes and
# broken.json (a scene file with a syntax error), so a script can drop either and what it
# saves stays out of the sources.
# Variables: TUMBLE (the app), SOURCE (the checkout), SCRIPT, SCENE (relative to SOURCE),
# SIZE (WxH), WORK, ARGS (more arguments, ;-separated), STATUS, OUTPUT, SHOT and CHECKER
# (tumble_check_screenshot).
if(NOT DEFINED STATUS)
  set(STATUS 0)
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(CREATE_LINK "${SOURCE}/scenes" "${WORK}/scenes" SYMBOLIC)
file(WRITE "${WORK}/broken.json" "{ \"format\": \"tumble-scene\", \"version\": 1, \"bodies\": [ \n")
execute_process(
  COMMAND "${TUMBLE}" --script "${SCRIPT}" "scenes/${SCENE}" --size "${SIZE}" ${ARGS}
  WORKING_DIRECTORY "${WORK}"
  RESULT_VARIABLE status
  ERROR_VARIABLE errors
  TIMEOUT 120)
message("${errors}")
if(status EQUAL 1 AND errors MATCHES "tumble: no display")
  if(NOT DEFINED ENV{DISPLAY} AND NOT DEFINED ENV{WAYLAND_DISPLAY})
    message("SKIP: no display (run the tests under xvfb-run)")
    return()
  endif()
endif()
if(NOT status EQUAL STATUS)
  message(FATAL_ERROR "tumble --script ${SCRIPT} exited with ${status}, expected ${STATUS}")
endif()
if(DEFINED OUTPUT AND NOT errors MATCHES "${OUTPUT}")
  message(FATAL_ERROR "tumble --script ${SCRIPT}: its messages do not contain '${OUTPUT}'")
endif()
# SHOT: a picture the script saved (in WORK) must show a scene with its panels.
if(DEFINED SHOT)
  execute_process(COMMAND "${CHECKER}" "${WORK}/${SHOT}" --panels RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${SHOT} does not show a scene with its panels (checker exit ${status})")
  endif()
endif()
