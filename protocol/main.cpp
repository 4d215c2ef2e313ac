#include "protocol/cli.hpp"

int main(int argc, char** argv) { return menagerie::run_command_line(argc, argv); }
