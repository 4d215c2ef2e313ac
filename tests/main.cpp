#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    // The tests never pick up a tablebase from the user's default location.
    setenv("MENAGERIE_TABLEBASE_DIR", "/nonexistent/menagerie-tests", 1);
    doctest::Context context(argc, argv);
    return context.run();
}
