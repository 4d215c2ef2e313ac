# Emscripten 3.1.6 writes an ES module whose Node branch calls require() and reads __dirname, which an ES
# module does not have. This prepends both, made from import.meta.url under Node only (a browser never runs
# that branch), so that the one module loads in Node, a browser page and a worker alike.
# cmake -DJS=<the module> -P node_header.cmake
file(READ "${JS}" text)
set(marker "// menagerie: Node's require and __dirname for an ES module")
string(FIND "${text}" "${marker}" at)
if(at EQUAL -1)
  set(header "${marker}\n")
  string(APPEND header "const require = typeof process == \"object\" && typeof process.versions == \"object\" && process.versions.node\n")
  string(APPEND header "  ? (await import(\"node:module\")).createRequire(import.meta.url) : undefined;\n")
  string(APPEND header "const __dirname = require ? require(\"node:path\").dirname(require(\"node:url\").fileURLToPath(import.meta.url)) : \"\";\n")
  file(WRITE "${JS}" "${header}${text}")
endif()
