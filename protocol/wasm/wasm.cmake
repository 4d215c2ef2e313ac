# The WebAssembly engine, built by Emscripten (scripts/wasm.sh configures this with emcmake): the engine proper
# and protocol/wasm/main.cpp, linked into one ES module (menagerie-engine.js and its .wasm) that the Node
# front (node.mjs), the board page's worker and ShogiHome's worker all load. One thread: the search runs in
# steps (Engine::set_stepped), so no SharedArrayBuffer is needed and any static file server will do.
add_executable(menagerie-engine ${menagerie_engine_sources} protocol/web/client.cpp protocol/wasm/main.cpp)
# The board page's client reads JSON with nlohmann/json, a header library: Debian's headers are copied into
# the build tree, as Emscripten's sysroot does not see /usr/include.
find_path(MENAGERIE_JSON_INCLUDE nlohmann/json.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
file(COPY "${MENAGERIE_JSON_INCLUDE}/nlohmann" DESTINATION "${CMAKE_CURRENT_BINARY_DIR}/json_include")
target_include_directories(menagerie-engine PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/generated
                           ${CMAKE_CURRENT_BINARY_DIR}/json_include)
add_dependencies(menagerie-engine taikyoku_table)
target_compile_definitions(menagerie-engine PRIVATE MENAGERIE_VERSION="${PROJECT_VERSION}")
# Exceptions as WebAssembly's own (the engine reports a failure inside a search rather than aborting).
target_compile_options(menagerie-engine PRIVATE -fwasm-exceptions)
set_target_properties(menagerie-engine PROPERTIES SUFFIX ".js")
target_link_options(menagerie-engine PRIVATE
  -fwasm-exceptions
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createMenagerie
  -sENVIRONMENT=web,worker,node
  -sINVOKE_RUN=0
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sINITIAL_MEMORY=64MB
  # The search recurses up to kMaxPly with sizeable frames (taikyoku's move lists live in the arena).
  -sTOTAL_STACK=4MB
  -sEXPORTED_FUNCTIONS=_usi_command,_usi_step,_usi_searching,_usi_overlong,_usi_finish,_web_message,_web_step,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
  --pre-js ${CMAKE_CURRENT_SOURCE_DIR}/protocol/wasm/interface.js)
set_property(TARGET menagerie-engine APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/protocol/wasm/interface.js)
add_custom_command(TARGET menagerie-engine POST_BUILD
  COMMAND "${CMAKE_COMMAND}" -DJS=$<TARGET_FILE:menagerie-engine> -P "${CMAKE_CURRENT_SOURCE_DIR}/protocol/wasm/node_header.cmake"
  COMMENT "Letting the engine's module load in Node as an ES module")
