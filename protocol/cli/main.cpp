#include <cstdio>
#include <exception>

#include "protocol/cli/cli.hpp"

int main(int argc, char** argv) {
    try {
        return menagerie::run_command_line(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "menagerie: internal error: %s\n", e.what());
        return 1;
    }
}
