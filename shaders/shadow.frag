#version 330 core
// Depth only: the shadow map keeps the depth buffer, nothing is coloured.
void main() {}
