# Find a Python 3 interpreter that can `import glad` (the GL loader generator), so a plain
# configure works even when the first python3 on PATH has no glad (a pyenv shim, a venv).
# Sets TUMBLE_GLAD_PYTHON, or stops at configure time saying what is needed.
#
# Candidates, in order: Python3_EXECUTABLE if the user gave one (then only that one),
# /usr/bin/python3 (where the distribution's python3-glad lives), then every python3 on
# PATH.

function(tumble_python_has_glad python result)
  execute_process(COMMAND ${python} -c "import glad"
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET TIMEOUT 30)
  if(status EQUAL 0)
    set(${result} TRUE PARENT_SCOPE)
  else()
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(tumble_find_glad_python)
  if(TUMBLE_GLAD_PYTHON)
    tumble_python_has_glad(${TUMBLE_GLAD_PYTHON} ok)
    if(ok)
      return()
    endif()
  endif()
  set(candidates "")
  if(Python3_EXECUTABLE)
    list(APPEND candidates ${Python3_EXECUTABLE})
  else()
    if(EXISTS /usr/bin/python3)
      list(APPEND candidates /usr/bin/python3)
    endif()
    # Every python3 on PATH, not only the first.
    string(REPLACE ":" ";" path_dirs "$ENV{PATH}")
    foreach(dir IN LISTS path_dirs)
      if(dir AND EXISTS "${dir}/python3" AND NOT IS_DIRECTORY "${dir}/python3")
        list(APPEND candidates "${dir}/python3")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES candidates)
  endif()
  foreach(python IN LISTS candidates)
    tumble_python_has_glad(${python} ok)
    if(ok)
      message(STATUS "Python with glad: ${python}")
      set(TUMBLE_GLAD_PYTHON ${python} CACHE FILEPATH "Python 3 that can import glad (GL loader generator)" FORCE)
      return()
    endif()
  endforeach()
  string(REPLACE ";" ", " tried "${candidates}")
  message(FATAL_ERROR
    "Tumble needs a Python 3 with the glad module (GL loader generator) to build the app. "
    "Tried: ${tried}; none can `import glad`. Install it (apt install python3-glad, or "
    "pip install glad2) or pass -DPython3_EXECUTABLE=/path/to/python3 that has it, or "
    "configure with -DTUMBLE_BUILD_APP=OFF for the engine alone.")
endfunction()
