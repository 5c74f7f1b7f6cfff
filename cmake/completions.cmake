# Writes the completion scripts with the built binary: umpire completion bash|zsh|fish.
# Run as: cmake -DUMPIRE=... -DOUT=DIR -P completions.cmake
file(MAKE_DIRECTORY ${OUT})
foreach(pair "bash;umpire" "zsh;_umpire" "fish;umpire.fish")
  list(GET pair 0 shell)
  list(GET pair 1 name)
  execute_process(COMMAND ${UMPIRE} completion ${shell} OUTPUT_FILE ${OUT}/${name} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "umpire completion ${shell} failed: ${failed}")
  endif()
endforeach()
