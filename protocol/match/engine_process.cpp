#include "protocol/match/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace menagerie {

namespace {
// A write to an engine that has gone must fail with EPIPE, not end this process.
void ignore_sigpipe() {
    struct sigaction sa {};
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, nullptr);
}
void close_fd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}
}  // namespace

Result<std::unique_ptr<EngineProcess>> EngineProcess::start(const std::vector<std::string>& argv) {
    if (argv.empty() || argv[0].empty()) return Error{"no engine command"};
    ignore_sigpipe();
    int to_child[2], from_child[2], exec_status[2];
    if (pipe2(to_child, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
    if (pipe2(from_child, O_CLOEXEC) != 0) {
        close(to_child[0]);
        close(to_child[1]);
        return Error{std::string("pipe: ") + std::strerror(errno)};
    }
    // Reports a failed exec: closed unread (close-on-exec) when the exec succeeds.
    if (pipe2(exec_status, O_CLOEXEC) != 0) {
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
        return Error{std::string("pipe: ") + std::strerror(errno)};
    }
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1], exec_status[0], exec_status[1]})
            close(fd);
        return Error{std::string("fork: ") + std::strerror(errno)};
    }
    if (pid == 0) {
        // The child: the pipes become stdin and stdout (dup2 clears close-on-exec on the copies).
        setpgid(0, 0);
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        execvp(args[0], args.data());
        const int e = errno;
        ssize_t ignored = write(exec_status[1], &e, sizeof e);
        (void)ignored;
        _exit(127);
    }
    setpgid(pid, pid);  // also here, so that the group exists whichever of the two runs first
    close(to_child[0]);
    close(from_child[1]);
    close(exec_status[1]);
    int child_errno = 0;
    ssize_t got;
    do {
        got = read(exec_status[0], &child_errno, sizeof child_errno);
    } while (got < 0 && errno == EINTR);
    close(exec_status[0]);
    auto p = std::unique_ptr<EngineProcess>(new EngineProcess());
    p->pid_ = pid;
    p->in_ = to_child[1];
    p->out_ = from_child[0];
    if (got == sizeof child_errno) {
        p->reap(true);
        return Error{"cannot start '" + argv[0] + "': " + std::strerror(child_errno)};
    }
    fcntl(p->out_, F_SETFL, fcntl(p->out_, F_GETFL) | O_NONBLOCK);
    return p;
}

EngineProcess::~EngineProcess() {
    close_fd(in_);
    close_fd(out_);
    if (!ended_) kill();
}

bool EngineProcess::send(const std::string& line) {
    if (in_ < 0) return false;
    const std::string data = line + "\n";
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = write(in_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            close_fd(in_);  // EPIPE: the engine is gone
            return false;
        }
        done += size_t(n);
    }
    return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line.assign(buffer_, 0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Read::Line;
        }
        if (eof_) {
            if (buffer_.empty()) return Read::Closed;
            line.swap(buffer_);  // a last line without a newline
            buffer_.clear();
            return Read::Line;
        }
        if (interrupted()) return Read::Interrupted;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Read::Timeout;
        pollfd pfd{out_, POLLIN, 0};
        // Short slices, so that an interrupt is seen within 50 ms.
        const int r = poll(&pfd, 1, int(std::min<long long>(left.count(), 50)));
        if (r < 0 && errno != EINTR) return Read::Closed;
        if (r <= 0) continue;
        char chunk[4096];
        const ssize_t n = read(out_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, size_t(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            eof_ = true;
        }
    }
}

bool EngineProcess::running() {
    if (!ended_) reap(false);
    return !ended_;
}

void EngineProcess::kill() {
    if (ended_) return;
    // The whole process group: an engine started through a script takes its helpers with it.
    if (::kill(-pid_, SIGKILL) != 0) ::kill(pid_, SIGKILL);
    reap(true);
}

void EngineProcess::reap(bool wait) {
    if (ended_ || pid_ < 0) return;
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid_, &status, wait ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == 0) return;  // still running
    ended_ = true;
    if (r < 0) {
        end_reason_ = "ended (status unknown)";
    } else if (WIFEXITED(status)) {
        end_reason_ = "exited with status " + std::to_string(WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        const char* name = strsignal(sig);
        end_reason_ = "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
    }
}

}  // namespace menagerie
