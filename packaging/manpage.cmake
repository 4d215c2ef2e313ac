# The man page, made from the program's own --help and --version, so that it never disagrees with them:
# cmake -DBINARY=<menagerie> -DOUT=<menagerie.6.gz> -P manpage.cmake
execute_process(COMMAND "${BINARY}" --help OUTPUT_VARIABLE help RESULT_VARIABLE help_status)
execute_process(COMMAND "${BINARY}" --version OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT help_status EQUAL 0 OR help STREQUAL "")
  message(FATAL_ERROR "manpage: '${BINARY} --help' failed")
endif()
# roff: a backslash is written \e; a line starting with a dot or an apostrophe is guarded by \&.
string(REPLACE "\\" "\\e" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
# The first line of --help is the summary; the rest is the usage, kept as it is printed.
string(FIND "${help}" "\n" cut)
string(SUBSTRING "${help}" 0 ${cut} summary)
string(SUBSTRING "${help}" ${cut} -1 usage)
string(REGEX REPLACE "^[^:]*: " "" summary "${summary}")
string(REGEX REPLACE "\\.$" "" summary "${summary}")
string(REGEX REPLACE "^\n+(Usage:\n)?" "" usage "${usage}")
set(page ".TH MENAGERIE 6 \"\" \"${version}\" \"Games\"
.SH NAME
menagerie \\- ${summary}
.SH SYNOPSIS
.nf
${usage}.fi
.SH DESCRIPTION
Menagerie plays Dobutsu shogi, Jungle, shogi, tori shogi, chu shogi, dai shogi and taikyoku shogi. Run with no
arguments it is a USI engine on standard input and output for a GUI or a tournament manager, or a UCI engine
when the first command is \\fBuci\\fR. \\fBmenagerie serve\\fR plays and analyses every game in a browser.
.SH FILES
.TP
.I ~/.local/share/menagerie/dobutsu.mtb
The Dobutsu tablebase that \\fBmenagerie solve dobutsu\\fR writes and the engine reads by default
(\\fB$XDG_DATA_HOME/menagerie\\fR when that is set, \\fB$MENAGERIE_TABLEBASE_DIR\\fR first).
.SH SEE ALSO
.I /usr/share/doc/menagerie/README.md
")
get_filename_component(dir "${OUT}" DIRECTORY)
get_filename_component(name "${OUT}" NAME_WE)
set(plain "${dir}/${name}.6")
file(WRITE "${plain}" "${page}")
file(ARCHIVE_CREATE OUTPUT "${OUT}" PATHS "${plain}" FORMAT raw COMPRESSION GZip COMPRESSION_LEVEL 9)
