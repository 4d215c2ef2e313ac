#pragma once
// A value or the reason there is none: what every parser of outside input returns.
#include <optional>
#include <string>
#include <utility>

namespace menagerie {

struct Error {
    std::string message;
};

template <class T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}
    Result(Error e) : error_(std::move(e.message)) {}
    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    const T& value() const { return *value_; }
    T& value() { return *value_; }
    const T& operator*() const { return *value_; }
    const T* operator->() const { return &*value_; }
    const std::string& error() const { return error_; }

private:
    std::optional<T> value_;
    std::string error_;
};

}  // namespace menagerie
